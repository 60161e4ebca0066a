// SPDX-License-Identifier: GPL-2.0
/*
 * labels: a column of non-overlapping labels (labels.h).
 *
 * Sorted by wanted height, every label is pushed up to at least gap above
 * the one below it, then, from the top down, pulled under 1 and at least
 * gap below the one above it, then pushed up from the bottom above 0
 * again: a single pass each way is enough since each only moves labels
 * by what the gaps need.
 */
#include <stdlib.h>
#include <string.h>

#include "labels.h"

void labels_spread(const double *want, double *out, int n, double gap)
{
	int *ord, i, j;
	double *y;

	if (n <= 0)
		return;
	ord = malloc(sizeof(*ord) * (size_t)n);
	y = malloc(sizeof(*y) * (size_t)n);
	if (!ord || !y) {
		memcpy(out, want, sizeof(*out) * (size_t)n);
		free(ord);
		free(y);
		return;
	}
	/* insertion sort of the indexes by wanted height: n is small */
	for (i = 0; i < n; i++) {
		for (j = i; j > 0 && want[ord[j - 1]] > want[i]; j--)
			ord[j] = ord[j - 1];
		ord[j] = i;
	}
	for (i = 0; i < n; i++) {
		y[i] = want[ord[i]];
		if (y[i] < 0)
			y[i] = 0;
		if (i && y[i] < y[i - 1] + gap)
			y[i] = y[i - 1] + gap;
	}
	for (i = n - 1; i >= 0; i--) {
		double top = i == n - 1 ? 1 : y[i + 1] - gap;

		if (y[i] > top)
			y[i] = top;
	}
	for (i = 0; i < n; i++) {
		double bottom = i ? y[i - 1] + gap : 0;

		if (y[i] < bottom)
			y[i] = bottom;
	}
	for (i = 0; i < n; i++)
		out[ord[i]] = y[i];
	free(ord);
	free(y);
}
