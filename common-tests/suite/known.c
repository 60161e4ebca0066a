// SPDX-License-Identifier: GPL-2.0
/*
 * The known defects of a branch (--known): "<finding> <point> <ERE>" lines,
 * each pinning a point's failure to its observed signature and the residue
 * it may leave (leaves=).
 */
#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <string.h>

#include "ktap.h"
#include "parse.h"
#include "runner.h"
#include "suite.h"

/* The residue of @res that @k documents: 0 unless its leaves= names it. */
int64_t suite_documented_residue(const struct known *k, const char *res)
{
	return k ? parse_leaves_of(k->leaves, res) : 0;
}

int suite_load_known(struct suite *s, const char *file)
{
	char line[512];
	int ln = 0, ret, bad = 0;
	FILE *f = fopen(file, "re");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		struct known *k = &s->known[s->nknown];

		ln++;
		if (s->nknown == SUITE_MAX_KNOWN) {
			ktap_diag("%s:%d: more than %d entries", file, ln,
				  SUITE_MAX_KNOWN);
			bad++;
			break;
		}
		ret = parse_known_line(line, k->id, sizeof(k->id), k->point,
				       sizeof(k->point), k->sig, sizeof(k->sig));
		if (ret > 0 && parse_split_leaves(k->sig, k->leaves,
						  sizeof(k->leaves)))
			ret = -EINVAL;
		if (ret > 0 && regcomp(&k->re, k->sig, REG_EXTENDED | REG_NOSUB))
			ret = -EINVAL;
		if (ret < 0) {
			ktap_diag("%s:%d: not \"<finding-id> <point> <ERE of its observation>\"",
				  file, ln);
			bad++;
		} else if (ret > 0) {
			s->nknown++;
		}
	}
	fclose(f);
	return bad ? -EINVAL : 0;
}

const struct known *suite_known_of(struct suite *s, const char *point)
{
	for (int i = 0; i < s->nknown; i++)
		if (!strcmp(s->known[i].point, point))
			return &s->known[i];
	return NULL;
}

