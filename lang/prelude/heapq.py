# heapq - the binary min-heap algorithms on plain lists (CPython's pure-Python version), with
# nlargest/nsmallest as stable sorts and merge as an iterator class (Sable has no generators).

# The sift steps follow CPython's _heapq: items move by swaps, and a comparison that changes
# the list's size raises RuntimeError as there.
def _siftdown(heap, startpos, pos):
    size = len(heap)
    if pos >= size:
        raise IndexError('list index out of range')
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        less = bool(heap[pos] < heap[parentpos])
        if size != len(heap):
            raise RuntimeError('list changed size during iteration')
        if not less:
            break
        heap[parentpos], heap[pos] = heap[pos], heap[parentpos]
        pos = parentpos

def _siftup(heap, pos):
    endpos = len(heap)
    startpos = pos
    if pos >= endpos:
        raise IndexError('list index out of range')
    limit = endpos >> 1
    while pos < limit:
        childpos = 2 * pos + 1
        if childpos + 1 < endpos:
            if not heap[childpos] < heap[childpos + 1]:
                childpos += 1
            if endpos != len(heap):
                raise RuntimeError('list changed size during iteration')
        heap[childpos], heap[pos] = heap[pos], heap[childpos]
        pos = childpos
    _siftdown(heap, startpos, pos)

def _check(heap, what):
    if not isinstance(heap, list):
        raise TypeError(what + ' must be list, not ' + type(heap).__name__)

def heappush(heap, item):
    _check(heap, 'heappush() argument 1')
    heap.append(item)
    _siftdown(heap, 0, len(heap) - 1)

def heappop(heap):
    _check(heap, 'heappop() argument')
    if not heap:
        raise IndexError('index out of range')
    lastelt = heap.pop()
    if heap:
        returnitem = heap[0]
        heap[0] = lastelt
        _siftup(heap, 0)
        return returnitem
    return lastelt

def heapreplace(heap, item):
    _check(heap, 'heapreplace() argument 1')
    if not heap:
        raise IndexError('index out of range')
    returnitem = heap[0]
    heap[0] = item
    _siftup(heap, 0)
    return returnitem

def heappushpop(heap, item):
    _check(heap, 'heappushpop() argument 1')
    if not heap or not heap[0] < item:
        return item
    if not heap:
        raise IndexError('index out of range')
    top = heap[0]
    heap[0] = item
    _siftup(heap, 0)
    return top

def heapify(x):
    _check(x, 'heapify() argument')
    n = len(x)
    for i in range(n // 2 - 1, -1, -1):
        _siftup(x, i)

# CPython documents both as equivalent to the stable sort below (ties keep input order).
def nsmallest(n, iterable, key=None):
    if n <= 0:
        return []
    return sorted(iterable, key=key)[:n]

def nlargest(n, iterable, key=None):
    if n <= 0:
        return []
    return sorted(iterable, key=key, reverse=True)[:n]

class merge:
    # Each step takes the least head (greatest with reverse); ties go to the earlier input,
    # which is CPython's order.
    def __init__(self, *iterables, key=None, reverse=False):
        self._its = []
        self._heads = []
        self._keys = []
        self._key = key
        self._reverse = reverse
        for it in iterables:
            it = iter(it)
            for v in it:
                self._its.append(it)
                self._heads.append(v)
                self._keys.append(v if key is None else key(v))
                break
    def __iter__(self):
        return self
    def __next__(self):
        if not self._its:
            raise StopIteration
        best = 0
        for i in range(1, len(self._its)):
            if self._reverse:
                if self._keys[best] < self._keys[i]:
                    best = i
            elif self._keys[i] < self._keys[best]:
                best = i
        value = self._heads[best]
        done = True
        for v in self._its[best]:
            self._heads[best] = v
            self._keys[best] = v if self._key is None else self._key(v)
            done = False
            break
        if done:
            del self._its[best]
            del self._heads[best]
            del self._keys[best]
        return value
