#pragma once

#include <kvs/async_kvstore.h>

#include <QString>

#include <memory>
#include <string>

namespace kvs::ui {

// The database a Maintenance view looks after, as its tab opened it.
struct MaintenanceTarget
{
    std::shared_ptr<AsyncKVStore> store; // null: none open (nothing is read)
    bool postgres = false;
    bool writable = false; // the tab allows writes: the writing actions are offered
    // The SQLite file's path, or the PostgreSQL connection string (password included: never
    // shown or logged).
    std::string connection;
    std::string schema;
    std::string tablePrefix;
    QString auditDatabase; // as the audit log names it (auditDatabaseName())
};

} // namespace kvs::ui
