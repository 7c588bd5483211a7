#ifndef FLEETWX_CPROCESS_SHIM_H
#define FLEETWX_CPROCESS_SHIM_H
#include <sys/prctl.h>
#include <sys/resource.h>

/// prctl(2) is variadic, which Swift cannot call; these wrap the two uses fleetwx has.

/// Makes the process non-dumpable (no core file, no ptrace by other users, /proc/self owned by
/// root) and sets the core file size limit, soft and hard, to 0. Returns 0, or -1 if either
/// call failed (errno says why).
static inline int fleetwx_disable_core_dumps(void) {
    struct rlimit none = {0, 0};
    int limited = setrlimit(RLIMIT_CORE, &none);
    int undumpable = prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    return (limited == 0 && undumpable == 0) ? 0 : -1;
}

/// Whether the process is dumpable (1), not (0), or -1 on error.
static inline int fleetwx_dumpable(void) { return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0); }
#endif
