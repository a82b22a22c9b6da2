#pragma once

#include <kvs/undo_step.h>

// The steps whose keys or values do not decode (removeRawStep()): read and reverted as stored
// bytes through the store's adapter, since atomic() takes only keys and values that decode.
namespace kvs::detail {

// The label of removeRawStep()'s steps (and of their undo's and redo's).
inline constexpr const char *kRawDeleteLabel = "delete-raw";

// Whether step is read and reverted as stored bytes: it is removeRawStep()'s, or a key or value
// of it does not decode (atomic() takes only keys and values that do).
bool isRawStep(const UndoStep &step);

// planRevert() of a step with a change that does not decode: the rows read as stored.
RevertPlan planRawRevert(AsyncKVStore &store, const UndoStep &step);

// applyRevert() of a raw plan: one transaction that checks each matching key still holds the
// version the step wrote (else nothing is written: ok false) and writes the stored bytes back.
RevertOutcome applyRawRevert(AsyncKVStore &store, const RevertPlan &plan, UndoEntryKind kind);

} // namespace kvs::detail
