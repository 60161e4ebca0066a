// SPDX-License-Identifier: GPL-2.0
/*
 * The benchmark matrix; see matrix.h.
 */
#include "matrix.h"

const struct matrix_step matrix_steps[] = {
	{ SHAPE_LEAF, 1 },
	{ SHAPE_SIBLINGS, 1 },
	{ SHAPE_CHAIN, 1 },
	{ SHAPE_CHAIN, 2 },
	{ SHAPE_CHAIN, 4 },
	{ SHAPE_CHAIN, 8 },
};

const size_t matrix_nsteps = sizeof(matrix_steps) / sizeof(matrix_steps[0]);

const char *matrix_shape_name(enum shape s)
{
	static const char *const names[] = {
		[SHAPE_EMPTY] = "empty",
		[SHAPE_LEAF] = "leaf",
		[SHAPE_SIBLINGS] = "siblings",
		[SHAPE_CHAIN] = "chain",
	};

	return names[s];
}

bool matrix_step_runs(const struct matrix_step *step, bool quick)
{
	return !quick || step->shape != SHAPE_CHAIN || step->depth <= MATRIX_QUICK_DEPTH;
}
