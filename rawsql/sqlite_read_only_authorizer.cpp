#include "rawsql/sqlite_read_only_authorizer.h"

#include "rawsql/function_denylist.h"

#include <sqlite3.h>

#include <string_view>
#include <utility>

namespace kvs::rawsql {
namespace {

// PRAGMAs that only report, with an argument or without one (a table, an index, a schema, or
// integrity_check's row limit), and those that report only when given no argument (with one
// they change the connection or the file).
constexpr std::string_view kReportingPragmas[] = {
    "table_info",
    "table_xinfo",
    "table_list",
    "index_info",
    "index_xinfo",
    "index_list",
    "foreign_key_list",
    "foreign_key_check",
    "integrity_check",
    "quick_check",
};
constexpr std::string_view kSettingPragmas[] = {
    "application_id",     "auto_vacuum",
    "automatic_index",    "busy_timeout",
    "cache_size",         "cache_spill",
    "cell_size_check",    "checkpoint_fullfsync",
    "collation_list",     "compile_options",
    "data_version",       "database_list",
    "defer_foreign_keys", "encoding",
    "foreign_keys",       "freelist_count",
    "fullfsync",          "function_list",
    "hard_heap_limit",    "ignore_check_constraints",
    "journal_mode",       "journal_size_limit",
    "legacy_alter_table", "locking_mode",
    "max_page_count",     "mmap_size",
    "module_list",        "page_count",
    "page_size",          "pragma_list",
    "query_only",         "read_uncommitted",
    "recursive_triggers", "reverse_unordered_selects",
    "schema_version",     "secure_delete",
    "soft_heap_limit",    "synchronous",
    "temp_store",         "threads",
    "trusted_schema",     "user_version",
    "wal_autocheckpoint",
};

bool contains(const auto &list, std::string_view name)
{
    for (const std::string_view entry : list) {
        if (entry == name)
            return true;
    }
    return false;
}

std::string lowered(const char *text)
{
    std::string out = text ? text : "";
    for (char &c : out) {
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    }
    return out;
}

bool isSchemaTable(const char *table)
{
    const std::string name = lowered(table);
    return name == "sqlite_master" || name == "sqlite_schema" || name == "sqlite_temp_master"
           || name == "sqlite_temp_schema";
}

// What an action SQLite asks about is called in SQL, for the refusal's message.
const char *actionName(int action)
{
    switch (action) {
    case SQLITE_CREATE_INDEX:
    case SQLITE_CREATE_TEMP_INDEX:
        return "CREATE INDEX";
    case SQLITE_CREATE_TABLE:
    case SQLITE_CREATE_TEMP_TABLE:
        return "CREATE TABLE";
    case SQLITE_CREATE_TRIGGER:
    case SQLITE_CREATE_TEMP_TRIGGER:
        return "CREATE TRIGGER";
    case SQLITE_CREATE_VIEW:
    case SQLITE_CREATE_TEMP_VIEW:
        return "CREATE VIEW";
    case SQLITE_CREATE_VTABLE:
        return "CREATE VIRTUAL TABLE";
    case SQLITE_DROP_INDEX:
    case SQLITE_DROP_TEMP_INDEX:
        return "DROP INDEX";
    case SQLITE_DROP_TABLE:
    case SQLITE_DROP_TEMP_TABLE:
    case SQLITE_DROP_VTABLE:
        return "DROP TABLE";
    case SQLITE_DROP_TRIGGER:
    case SQLITE_DROP_TEMP_TRIGGER:
        return "DROP TRIGGER";
    case SQLITE_DROP_VIEW:
    case SQLITE_DROP_TEMP_VIEW:
        return "DROP VIEW";
    case SQLITE_INSERT:
        return "INSERT";
    case SQLITE_UPDATE:
        return "UPDATE";
    case SQLITE_DELETE:
        return "DELETE";
    case SQLITE_ALTER_TABLE:
        return "ALTER TABLE";
    case SQLITE_REINDEX:
        return "REINDEX";
    case SQLITE_ANALYZE:
        return "ANALYZE";
    case SQLITE_DETACH:
        return "DETACH";
    default:
        return "this statement";
    }
}

} // namespace

SqliteReadOnlyAuthorizer::SqliteReadOnlyAuthorizer(sqlite3 *db)
    : m_db(db)
{
    sqlite3_set_authorizer(m_db, &SqliteReadOnlyAuthorizer::authorize, this);
}

SqliteReadOnlyAuthorizer::~SqliteReadOnlyAuthorizer()
{
    sqlite3_set_authorizer(m_db, nullptr, nullptr);
}

std::string SqliteReadOnlyAuthorizer::takeRefusal()
{
    return std::exchange(m_refusal, std::string());
}

int SqliteReadOnlyAuthorizer::refuse(std::string what)
{
    if (m_refusal.empty()) // the first refusal is the statement's own, not one inside it
        m_refusal = std::move(what);
    return SQLITE_DENY;
}

int SqliteReadOnlyAuthorizer::authorize(
    void *self, int action, const char *first, const char *second, const char *, const char *)
{
    auto *guard = static_cast<SqliteReadOnlyAuthorizer *>(self);
    switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_RECURSIVE:
        return SQLITE_OK;
    case SQLITE_FUNCTION: {
        const std::string name = lowered(second);
        if (!deniedBy(deniedSqliteFunctions(), name).empty())
            return guard->refuse(name + "() has effects beyond the statement");
        return SQLITE_OK;
    }
    case SQLITE_PRAGMA: {
        const std::string name = lowered(first);
        if (contains(kReportingPragmas, name) || (!second && contains(kSettingPragmas, name)))
            return SQLITE_OK;
        return guard->refuse("it does not run PRAGMA " + name
                             + (second ? std::string("=") + second : ""));
    }
    case SQLITE_INSERT:
    case SQLITE_UPDATE:
    case SQLITE_DELETE:
        // The schema table: CREATE and DROP ask about their row in it before they ask about
        // themselves (allowed here, the CREATE or DROP that follows is refused by its name), and
        // a table-valued PRAGMA function (pragma_table_info) declares its table through an
        // UPDATE of it that never runs. A statement that really writes it is refused before it
        // runs (sqlite3_stmt_readonly), and could not write on this connection anyway.
        if (isSchemaTable(first))
            return SQLITE_OK;
        return guard->refuse(std::string("it does not run ") + actionName(action));
    case SQLITE_ATTACH:
        return guard->refuse("it does not run ATTACH (it opens or creates another file)");
    case SQLITE_TRANSACTION:
    case SQLITE_SAVEPOINT:
        return guard->refuse("it does not run BEGIN, COMMIT or SAVEPOINT (a transaction would "
                             "outlive the statement)");
    default:
        return guard->refuse(std::string("it does not run ") + actionName(action));
    }
}

} // namespace kvs::rawsql
