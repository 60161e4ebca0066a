/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the runner (run.c), the case helpers (point.c), the known-defect
 * list (known.c) and the final check (cases_final.c) share, and cases do
 * not call.
 */
#ifndef _SUITE_RUNNER_H
#define _SUITE_RUNNER_H

#include <stdbool.h>
#include <stdint.h>

#include "suite.h"

/* The root's usage of @res: its file where the design has one, else the module's count. */
int suite_root_usage(struct suite *s, const char *res, uint64_t *v);
/* Set @res's capacity back to @cap if it moved; a failure fails @p. */
bool suite_restore_capacity(struct suite *s, const char *res, uint64_t cap,
			    struct point *p);
/* The name of interface file @f of @res, for messages (one of 4 buffers). */
const char *suite_file_of(struct point *p, enum ctl_file f, const char *res);
/* The known-defects entry of @point, or NULL. */
const struct known *suite_known_of(struct suite *s, const char *point);
/* The residue of @res that @k documents: 0 unless its leaves= names it. */
int64_t suite_documented_residue(const struct known *k, const char *res);

#endif /* _SUITE_RUNNER_H */
