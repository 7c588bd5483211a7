#ifndef FLEETWX_CLIBXML2_SHIM_H
#define FLEETWX_CLIBXML2_SHIM_H
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlsave.h>

/// xmlFree is a global function-pointer variable; Swift 6 rejects reading it from
/// concurrent code, so it is called through this shim instead.
static inline void clibxml2_free(void *p) { xmlFree(p); }

/// Silences libxml2's default error printer (it writes to stderr) for this thread.
static void clibxml2_ignore_error(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }
static inline void clibxml2_silence_errors(void) {
    xmlSetGenericErrorFunc(NULL, clibxml2_ignore_error);
}
#endif
