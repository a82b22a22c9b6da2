#pragma once

#include "store/children_scan.h"
#include "store/kv_ops.h"
#include "store/op_support.h"
#include "store/store_runtime.h"

#include <kvs/key_tree.h>
#include <kvs/sql_adapter.h>

#include <type_traits>

// The operations of kvs/key_tree.h in both stores (not in the reference): listChildren(),
// inspect(), and removeRaw() (store/kv_ops.h's RemoveOp), each written once (see
// store/op_support.h).
namespace kvs::detail {

// inspect() (not in the reference, kvs/key_tree.h): the row stored at an encoded key, expired or
// not.
class GetRawOp
{
public:
    static constexpr const char *kName = "inspect()";
    static constexpr bool kWrites = false;
    static constexpr OpKind kKind = OpKind::Call;

    GetRawOp(const StoreRules &, const std::string &encodedKey)
        : m_key(encodedKey)
    {}
    template <typename S>
    auto call(S &s, OpContext &)
    {
        return s.getRaw(m_key);
    }
    std::optional<RawEntry> finish(std::optional<KvRow> row, OpContext &ctx);

private:
    std::string m_key;
};

// Not in the reference (kvs/key_tree.h): a page of the distinct next key parts under a prefix,
// by the skip-scan of store/children_scan.h, one key read per step (with the value summary of
// the row it lands on). Stops early, with a
// partial page nobody reads, when the caller cancels.
class ListChildrenOp
{
public:
    static constexpr const char *kName = "listChildren()";
    static constexpr bool kWrites = false;
    static constexpr OpKind kKind = OpKind::Session;

    ListChildrenOp(const StoreRules &rules,
                   const ChildrenSelector &selector,
                   const ChildrenOptions &options)
        : m_scan(selector, options, rules.maxKeySize)
    {}
    template <typename S>
    ChildrenPage call(S &s, OpContext &ctx)
    {
        while (const std::optional<KeyProbe> probe = m_scan.nextProbe()) {
            if (ctx.canceled())
                break;
            if constexpr (std::is_base_of_v<SqlAdapter, S>) {
                // Steps are the scan's two-key reads (not the one-key probe of a full page).
                if (!probe->descending && probe->limit == 2 && s.hasSkipScanSteps()
                    && acceptSteps(s, *probe, ctx))
                    continue;
            }
            m_scan.accept(valueOf(s.listKeyRows(
                probe->lower, probe->upper, ctx.now, probe->limit, probe->descending)));
        }
        return m_scan.takePage();
    }
    ChildrenPage finish(ChildrenPage page, OpContext &) { return page; }

private:
    // The rest of the page in one statement (PostgreSQL): takes the steps for as long as each
    // starts where the scan's own next probe would; false when not even the first did.
    bool acceptSteps(SqlAdapter &s, const KeyProbe &probe, OpContext &ctx)
    {
        const std::vector<SkipScanStep> steps
            = valueOf(s.skipScanSteps(static_cast<std::int64_t>(m_scan.prefixLength()),
                                      probe.lower,
                                      probe.upper,
                                      ctx.now,
                                      m_scan.remaining()));
        bool accepted = false;
        for (const SkipScanStep &step : steps) {
            const std::optional<KeyProbe> next = m_scan.nextProbe();
            if (!next || next->descending || next->limit != 2 || next->lower != step.lower
                || next->upper != probe.upper)
                break;
            m_scan.accept(step.rows);
            accepted = true;
        }
        return accepted;
    }

    ChildrenScan m_scan;
};

} // namespace kvs::detail
