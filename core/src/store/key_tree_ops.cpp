#include "store/key_tree_ops.h"

#include "store/async_kvstore_state.h"
#include "store/kvstore_state.h"

namespace kvs::detail {

std::optional<RawEntry> GetRawOp::finish(std::optional<KvRow> row, OpContext &ctx)
{
    if (!row)
        return std::nullopt;
    const bool expired = row->expiresAt && *row->expiresAt <= ctx.now;
    return RawEntry{
        std::move(row->key), std::move(row->value), row->version, row->expiresAt, expired};
}

} // namespace kvs::detail

namespace kvs {

// The calls of KVStore and AsyncKVStore that run these operations.

ChildrenPage KVStore::listChildren(const ChildrenSelector &selector, const ChildrenOptions &options)
{
    return m_state->run<detail::ListChildrenOp>(selector, options);
}

QFuture<ChildrenPage> AsyncKVStore::listChildren(const ChildrenSelector &selector,
                                                 const ChildrenOptions &options)
{
    return m_state->run<detail::ListChildrenOp>(selector, options);
}

std::optional<RawEntry> KVStore::inspect(const std::string &encodedKey)
{
    return m_state->run<detail::GetRawOp>(encodedKey);
}

QFuture<std::optional<RawEntry>> AsyncKVStore::inspect(const std::string &encodedKey)
{
    return m_state->run<detail::GetRawOp>(encodedKey);
}

void KVStore::removeRaw(const std::string &encodedKey)
{
    m_state->run<detail::RemoveOp>(encodedKey);
}

QFuture<void> AsyncKVStore::removeRaw(const std::string &encodedKey)
{
    return m_state->run<detail::RemoveOp>(encodedKey);
}

} // namespace kvs
