/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one field of struct kvm the encryption_ids controller uses.  The
 * guest test module allocates a whole zeroed struct kvm for it; only
 * enc_id_cg is ever touched, so a struct of that field alone is the same.
 */
#ifndef _NATIVE_LINUX_KVM_HOST_H
#define _NATIVE_LINUX_KVM_HOST_H
#include <linux/kvm_types.h>
struct encryption_id_cgroup;
struct kvm {
#ifdef CONFIG_CGROUP_ENCRYPTION_IDS
	struct encryption_id_cgroup *enc_id_cg;
#endif
};
#endif
