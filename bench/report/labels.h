/* SPDX-License-Identifier: GPL-2.0 */
/*
 * labels: where to put the names of plotted points so that no two
 * overlap.  The labels go in a column beside the plot, each at its
 * point's height if it can, moved apart just enough otherwise, and
 * joined to its point by a line.  Positions are fractions of the
 * column's height (0 bottom, 1 top).
 */
#ifndef BENCHREPORT_LABELS_H
#define BENCHREPORT_LABELS_H

/*
 * want[0..n): the heights the labels would take; out[0..n): heights at
 * least gap apart, each within [0, 1] when n * gap <= 1, keeping the
 * labels' order and moving them as little as the gaps need.
 */
void labels_spread(const double *want, double *out, int n, double gap);

#endif
