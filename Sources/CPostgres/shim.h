#ifndef FLEETWX_CPOSTGRES_SHIM_H
#define FLEETWX_CPOSTGRES_SHIM_H
// libpq, PostgreSQL's C client library (Debian's libpq-dev installs it in /usr/include/postgresql,
// which pkg-config's libpq.pc names).
#include <libpq-fe.h>
#endif
