# queue.py - Queue / LifoQueue / PriorityQueue / SimpleQueue for one thread (Sable has no threads):
# a get() or put() that would block forever raises a clear RuntimeError instead of hanging.
import heapq
from collections import deque

__all__ = ['Empty', 'Full', 'Queue', 'PriorityQueue', 'LifoQueue', 'SimpleQueue']


class Empty(Exception):
    pass


class Full(Exception):
    pass


class ShutDown(Exception):
    pass


def _never(what):
    raise RuntimeError(what + ' would wait forever: Sable has no threads to change the queue '
                       '(use block=False or a timeout)')


class Queue:
    def __init__(self, maxsize=0):
        self.maxsize = maxsize
        self._init(maxsize)
        self.unfinished_tasks = 0

    def task_done(self):
        if self.unfinished_tasks <= 0:
            raise ValueError('task_done() called too many times')
        self.unfinished_tasks -= 1

    def join(self):
        if self.unfinished_tasks:
            _never('join() with unfinished tasks')

    def qsize(self):
        return self._qsize()

    def empty(self):
        return not self._qsize()

    def full(self):
        return 0 < self.maxsize <= self._qsize()

    def put(self, item, block=True, timeout=None):
        if self.maxsize > 0 and self._qsize() >= self.maxsize:
            if not block:
                raise Full
            if timeout is not None:
                if timeout < 0:
                    raise ValueError("'timeout' must be a non-negative number")
                import time
                time.sleep(timeout)
                raise Full
            _never('put() on a full queue')
        self._put(item)
        self.unfinished_tasks += 1

    def get(self, block=True, timeout=None):
        if not self._qsize():
            if not block:
                raise Empty
            if timeout is not None:
                if timeout < 0:
                    raise ValueError("'timeout' must be a non-negative number")
                import time
                time.sleep(timeout)
                raise Empty
            _never('get() on an empty queue')
        return self._get()

    def put_nowait(self, item):
        return self.put(item, block=False)

    def get_nowait(self):
        return self.get(block=False)

    def _init(self, maxsize):
        self.queue = deque()

    def _qsize(self):
        return len(self.queue)

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.popleft()


class PriorityQueue(Queue):
    def _init(self, maxsize):
        self.queue = []

    def _put(self, item):
        heapq.heappush(self.queue, item)

    def _get(self):
        return heapq.heappop(self.queue)


class LifoQueue(Queue):
    def _init(self, maxsize):
        self.queue = []

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.pop()


class SimpleQueue:
    def __init__(self):
        self._queue = deque()

    def put(self, item, block=True, timeout=None):
        self._queue.append(item)

    def put_nowait(self, item):
        self._queue.append(item)

    def get(self, block=True, timeout=None):
        if not self._queue:
            if not block:
                raise Empty
            if timeout is not None:
                if timeout < 0:
                    raise ValueError("'timeout' must be a non-negative number")
                import time
                time.sleep(timeout)
                raise Empty
            _never('get() on an empty queue')
        return self._queue.popleft()

    def get_nowait(self):
        return self.get(False)

    def empty(self):
        return len(self._queue) == 0

    def qsize(self):
        return len(self._queue)
