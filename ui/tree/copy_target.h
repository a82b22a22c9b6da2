#pragma once

#include <kvs/async_kvstore.h>

#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace kvs::ui {

// Another open database a subtree can be copied to ("Copy subtree to"): its tab's name, its
// store, and whether it is open for writes (a read-only one is listed, disabled).
struct CopyTarget
{
    QString name;
    std::shared_ptr<AsyncKVStore> store; // null: not open (yet)
    bool writable = false;
    QString auditDatabase; // as the audit log names it: a copy is audited under it
};

// The other open databases, asked each time the row menu opens (tabs come and go).
using CopyTargetList = std::function<std::vector<CopyTarget>()>;

} // namespace kvs::ui
