/* SPDX-License-Identifier: GPL-2.0 */
/*
 * picks: which controller the native figures pick for each kind of
 * resource, resting only on differences whose intervals do not overlap.
 * Candidates are the branches (not their series, not the anchors).
 *
 *   ASIDs, a few charges per minute: the least max overshoot at any tight
 *   or batch point, then the fewest spurious refusals at tight (leaf,
 *   depth 1, the most threads).
 *   A high-rate resource, millions of charges per second: the most pairs/s
 *   (leaf, depth 1, limit none, the most threads), apart from every other
 *   candidate by the paired ratio of their ns per pair (paired.h): the
 *   designs of a point run within seconds of each other, so the ratio of
 *   one repetition cancels where the hypervisor had put the vCPUs, which
 *   makes a design's own median spread on a virtual machine.
 *
 * Where the best's interval overlaps another's, that is a tie, and what
 * decides instead is said: for ASIDs the known defects, for a high rate
 * the spurious refusals at the batch limit, then the known defects.
 */
#ifndef BENCHREPORT_PICKS_H
#define BENCHREPORT_PICKS_H

#include "data.h"

struct pick {
	int v;			/* the pick, or -1 */
	int tie;		/* the figures tied: something else decided */
	char rule[256];		/* what decides, for the table */
	char text[2048];	/* the figures it rests on (Markdown) */
};

void pick_asids(struct pick *p);
void pick_rate(struct pick *p);
/* The largest max_overshoot of variant v at any tight or batch point; NAN if none. */
double worst_overshoot(int v);

#endif
