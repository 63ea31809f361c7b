// Tensor identity across allocations: a named tensor is an array's address, and it ends when the
// array's memory is freed, so that an array allocated later at the same address starts with no
// scale and no amax history instead of inheriting another array's (results would then depend on
// where the heap puts arrays). Internal to the runtime.
#ifndef AUTOSCALE_SRC_ALLOCATIONS_H
#define AUTOSCALE_SRC_ALLOCATIONS_H

namespace autoscale::detail {

// Remembers that a site names a tensor `key` (under the registry mutex): freeing the memory that
// holds it ends the tensor (forget_keys_locked).
void note_tensor_key(const void *key);

// Ends the tensors of the blocks this thread freed while it held the registry mutex (called as it
// unlocks it; RegistryMutex).
void end_blocks_freed_while_locked();

}  // namespace autoscale::detail

#endif
