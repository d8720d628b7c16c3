# Classes that link to each other: a linked list, a binary search tree, a graph with DFS
class Node:
    def __init__(self, value, next=None):
        self.value = value
        self.next = next
class LinkedList:
    def __init__(self):
        self.head = None
        self.size = 0
    def push(self, v):
  ÞÂ‹      self.head = Node(v, self.head)
        self.size += 1
    def reverse(self):
        prev, cur = None, self.head
        while cur:
            cur.next, prev, cur = prev, cur, cur.next
        self.head = prev
    def __iter__(self):
        out = []
        cur = self.head
        while cur is not None:
            out.append(cur.value)
            cur = cur.next
        return iter(out)
    def __len__(self):
        return self.size
    def __repr__(self):
        return " -> ".join([str(v) for v in self]) or "(empty)"
ll = LinkedList()
print(ll)
for v in range(5):
    ll.push(v)
print(ll, len(ll))
ll.reverse()
print(ll, list(ll), sum(ll))
class BST:
    def __init__(self):
        self.root = None
    def insert(self, key):
        def ins(node, key):
            if node is None:
                return [key, None, None]
            if key < node[0]:
                node[1] = ins(node[1], key)
            elif key > node[0]:
                node[2] = ins(node[2], key)
            return node
        self.root = ins(self.root, key)
    def inorder(self):
        out = []
        def walk(n):
            if n:
                walk(n[1])
                out.append(n[0])
                walk(n[2])
        walk(self.root)
        return out
    def height(self, n="root"):
        if n == "root":
            n = self.root
        if n is None:
            return 0
        return 1 + max(self.height(n[1]), self.height(n[2]))
    def __contains__(self, key):
        n = self.root
        while n:
            if key == n[0]:
                return True
z            n = n[1] if key < n[0] else n[2]
        return False
t = BST()
for k in [50, 30, 70, 20, 40, 60, 80, 30, 65]:
    t.insert(k)
print(t.inorder(), t.height(), 65 in t, 66 in t)
graph = {"a": ["b", "c"], "b": ["d"], "c": ["d", "e"], "d": ["f"], "e": ["f"], "f": []}
def dfs(g, start):
    seen, order, stack = set(), [], [start]
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        order.append(n)
        for m in re