# Lists as stacks and queues: bracket matching, RPN calculator, BFS on a grid
def balanced(s):
    pairs = {")": "(", "]": "[", "}": "{"}
    stack = []
    for ch in s:
        if ch in "([{":
            stack.append(ch)
        elif ch in pairs:
            if not stack or stack.pop() != pairs[ch]:
                return False
    return not stack
for s in ["()", "([]{})", "(]", "((", "", "{[()()]}", "]"]:
    print(repr(s), balanced(s))
def rpn(expr):
    st = []
    for tok in expr.split():
        if tok in "+-*/":
            b, a = st.pop(), st.pop()
            st.append(a + b if tok == "+" else a - b if tok == "-" else a * b if tok == "*" else a / b)
        else:
            st.append(float(tok))
    return st[0]
print(rpn("3 4 + 2 *"), rpn("5 1 2 + 4 * + 3 -"), rpn("2 3 4 * +"), rpn("1 2 /"))
grid = ["S.#.....",
        ".##.###.",
        "....#...",
        ".##...#E"]
rows, cols = len(grid), len(grid[0])
start = (0, 0)
goal = (3, 7)
queue = [start]
dist = {start: 0}
while queue:
    r, c = queue.pop(0)
    if (r, c) == goal:
        break
    for dr, dc in [(1, 0), (-1, 0), (0, 1), (0, -1)]:
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] != "#" and (nr, nc) not in dist:
            dist[(nr, nc)] = dist[(r, c)] + 1
            queue.append((nr, nc))
print("shortest path:", dist.get(goal), "visited:", len(dist))
undo = []
doc = ""
for op in ["type:Hello", "type: world", "undo", "type:!", "undo", "undo", "type:Hi"]:
    if op == "undo":
        doc = undo.pop() if undo else doc
    else:
        undo.append(doc)
        doc += op.split(":", 1)[1]
    print(f"{op:<12} -> {doc!r}")
q = []
for t in range(6):
    q.append(t)
    if t % 2:
        print("served", q.pop(0), "queue", q)
