/* arena.c - the bump allocator that owns every node, list and string of one parse, so a
 * syntax tree is freed in one call and the parser never mallocs per token or per node. */
#include "ast.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Chunk {
  struct Chunk *next;
  size_t cap, used;
  _Alignas(16) unsigned char data[];
} Chunk;

struct Arena {
  Chunk *head;
  size_t next_cap;
};

#define ARENA_FIRST (16 * 1024)
/* chunks stay below malloc's mmap threshold, so freed ones are reused without page faults */
#define ARENA_MAX_CHUNK (64 * 1024)

static Chunk *chunk_new(size_t cap) {
  Chunk *c = malloc(sizeof(Chunk) + cap);
  if (!c) {
    fprintf(stderr, "sable: out of memory in the parser arena\n");
    abort();
  }
  c->next = NULL;
  c->cap = cap;
  c->used = 0;
  return c;
}

Arena *arena_new(void) {
  Arena *a = malloc(sizeof *a);
  if (!a) {
    fprintf(stderr, "sable: out of memory in the parser arena\n");
    abort();
  }
  a->head = chunk_new(ARENA_FIRST);
  a->next_cap = ARENA_FIRST * 2;
  return a;
}

void *arena_alloc(Arena *a, size_t n) {
  n = (n + 15) & ~(size_t)15;
  if (n == 0) n = 16;
  Chunk *c = a->head;
  if (c->cap - c->used < n) {
    if (n > ARENA_MAX_CHUNK / 4) {
      /* a big block gets its own chunk behind the current one, so the current one keeps
       * serving small requests */
      Chunk *big = chunk_new(n);
      big->used = n;
      big->next = c->next;
      c->next = big;
      memset(big->data, 0, n);
      return big->data;
    }
    size_t cap = a->next_cap;
    if (cap < n) cap = n;
    if (a->next_cap < ARENA_MAX_CHUNK) a->next_cap *= 2;
    c = chunk_new(cap);
    c->next = a->head;
    a->head = c;
  }
  void *p = c->data + c->used;
  c->used += n;
  memset(p, 0, n);
  return p;
}

void arena_free(Arena *a) {
  if (!a) return;
  Chunk *c = a->head;
  while (c) {
    Chunk *n = c->next;
    free(c);
    c = n;
  }
  free(a);
}
