#ifndef FLEETWX_CSQLITE_SHIM_H
#define FLEETWX_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro Swift cannot import: it asks SQLite to copy bound values.
static inline void (*csqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }
#endif
