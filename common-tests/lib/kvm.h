/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KVM helpers for SEV ASID charging: every call returns a file descriptor
 * or 0 on success and -errno on failure.
 */
#ifndef _LIB_KVM_H
#define _LIB_KVM_H

#include <stdbool.h>

int kvm_open(void);
int kvm_vm_create(int kvm_fd);

/* Is SEV enabled in KVM?  KVM_MEMORY_ENCRYPT_OP without a command. */
int kvm_sev_probe(int vm_fd);

/* Is there an INIT command for this resource name ("sev", "sev_es")? */
bool kvm_res_known(const char *res);

/* KVM_SEV_INIT for "sev", KVM_SEV_ES_INIT for "sev_es". */
int kvm_sev_init(int vm_fd, const char *res);

/* KVM_CAP_VM_MOVE_ENC_CONTEXT_FROM: move @src_fd's context into @dst_fd. */
int kvm_move_enc_from(int dst_fd, int src_fd);

/* KVM_CAP_VM_COPY_ENC_CONTEXT_FROM: make @dst_fd a mirror of @src_fd. */
int kvm_copy_enc_from(int dst_fd, int src_fd);

#endif /* _LIB_KVM_H */
