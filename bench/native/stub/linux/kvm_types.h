#ifndef _NATIVE_LINUX_KVM_TYPES_H
#define _NATIVE_LINUX_KVM_TYPES_H
struct kvm;
#endif
