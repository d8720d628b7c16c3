/* mod_re.h - the parts of the re module shared by its files: the Python-to-PCRE2 pattern
 * translation (mod_re_syntax.c), Pattern/Match objects (mod_re_obj.c), the module (mod_re.c). */
#ifndef SABLE_MOD_RE_H
#define SABLE_MOD_RE_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include "core/core.h"

/* Python's flag values (sre_constants) */
enum {
  RE_TEMPLATE = 1, RE_IGNORECASE = 2, RE_LOCALE = 4, RE_MULTILINE = 8, RE_DOTALL = 16,
  RE_UNICODE = 32, RE_VERBOSE = 64, RE_DEBUG = 128, RE_ASCII = 256
};

/* A translated pattern: PCRE2 source with every group numbered (names are kept here, so any
 * Python identifier may name a group), and the global inline flags folded into flags. */
typedef struct ReXlat {
  FBuf out;            /* the PCRE2 pattern */
  int flags;           /* Python flags after the global inline flags */
  int ngroups;
  int *parent;         /* parent[g]: the enclosing capturing group of group g (0: none) */
  char **names;        /* names[g] or NULL, g in 1..ngroups */
  int cap;             /* allocated entries of parent/names */
  char err[160];       /* on error: the message */
  int64_t errpos;      /* the position (code points), -1 when none */
} ReXlat;

/* Translate a str pattern (UTF-8, n bytes). 0, or -1 with x->err/x->errpos set (or with an
 * exception pending when memory ran out: x->err is then empty). re_xlat_free always. */
int re_xlat(const char *pat, size_t n, int flags, ReXlat *x);
void re_xlat_free(ReXlat *x);

typedef struct RePattern {
  Obj ob;
  Value pattern;       /* the str given */
  int flags;           /* Python flags, UNICODE added for str patterns */
  int ngroups;
  int *parent;
  Value groupindex;    /* dict name -> number */
  Value groupnames;    /* tuple: index -> name or None */
  char *src;           /* the PCRE2 source, for the anchored variants compiled on demand */
  size_t srclen;
  uint32_t opts;
  pcre2_code *code[3]; /* search, match (anchored), fullmatch (anchored at both ends) */
} RePattern;

typedef struct ReMatch {
  Obj ob;
  Value pattern;       /* RePattern */
  Value string;
  int64_t pos, endpos; /* code points */
  int ngroups;
  int lastindex;       /* 0: none */
  int64_t *span;       /* 2*(ngroups+1) code-point offsets, -1 when the group did not match */
  size_t *bspan;       /* the same in bytes */
} ReMatch;

extern TypeObj re_pattern_type, re_match_type, re_flag_type, re_iter_type;

enum { RE_SEARCH = 0, RE_MATCH = 1, RE_FULL = 2 };

/* the compiled pattern for (pattern, flags), from the cache when it is there */
Value re_compile(Value pattern, Value flags);
/* raise re.error(msg, pattern, pos); pos < 0: no position. Returns V_NULL. */
Value re_raise(const char *msg, Value pattern, int64_t pos);
Value re_error_class(void);            /* borrowed; V_NULL with an exception on failure */
void re_cache_purge(void);
Value re_flag_new(int64_t v);

/* One search over s[pos:endpos] (code points) in the given mode: 1 with *m a new Match, 0 no
 * match, -1 error. */
int re_pattern_exec(RePattern *p, Value s, int64_t pos, int64_t endpos, int mode, Value *m);

/* Scanning a subject: successive matches with CPython 3.7's rules for empty matches. */
typedef struct ReScan {
  RePattern *p;
  Value s;
  const char *b;       /* subject bytes */
  size_t blen;         /* byte offset of endpos */
  size_t at;           /* where the next search starts (bytes) */
  int notempty;        /* the last match was empty at `at` */
  int checked;         /* the subject passed PCRE2's UTF-8 check */
  int done;
  int64_t pos, endpos; /* code points, for Match objects */
  size_t hint_b;       /* a (byte, code point) pair for fast conversion */
  int64_t hint_c;
  pcre2_match_data *md;
} ReScan;
int re_scan_init(ReScan *sc, RePattern *p, Value s, int64_t pos, int64_t endpos);
/* 1 with sc->md's ovector holding the next match, 0 at the end, -1 error */
int re_scan_next(ReScan *sc);
/* a Match object for the scan's current match */
Value re_scan_match(ReScan *sc);
void re_scan_free(ReScan *sc);
/* a code-point offset for a byte offset (monotonic hint in sc) */
int64_t re_scan_cp(ReScan *sc, size_t byte);

/* Pattern methods implemented in mod_re_sub.c (argv[0] is the pattern) */
Value re_do_findall(RePattern *p, Value s, int64_t pos, int64_t endpos);
Value re_do_finditer(RePattern *p, Value s, int64_t pos, int64_t endpos);
Value re_do_split(RePattern *p, Value s, int64_t maxsplit);
Value re_do_sub(RePattern *p, Value repl, Value s, int64_t count, int subn);
Value re_match_expand(ReMatch *m, Value templ);

#endif
