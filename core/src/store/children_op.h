#pragma once

#include "store/children_scan.h"
#include "store/op_support.h"
#include "store/store_runtime.h"

#include <kvs/key_tree.h>

namespace kvs::detail {

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
            m_scan.accept(valueOf(s.listKeyRows(
                probe->lower, probe->upper, ctx.now, probe->limit, probe->descending)));
        }
        return m_scan.takePage();
    }
    ChildrenPage finish(ChildrenPage page, OpContext &) { return page; }

private:
    ChildrenScan m_scan;
};

} // namespace kvs::detail
