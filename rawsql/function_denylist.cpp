#include "rawsql/function_denylist.h"

#include <string>

namespace kvs::rawsql {
namespace {

char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

// Glob matching with * only, name compared in lower case.
bool matches(std::string_view pattern, std::string_view name)
{
    std::size_t p = 0;
    std::size_t n = 0;
    std::size_t starAt = std::string_view::npos;
    std::size_t resumeAt = 0;
    while (n < name.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            starAt = p++;
            resumeAt = n;
        } else if (p < pattern.size() && pattern[p] == lower(name[n])) {
            ++p;
            ++n;
        } else if (starAt != std::string_view::npos) {
            p = starAt + 1;
            n = ++resumeAt;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

} // namespace

const std::vector<std::string_view> &deniedPostgresFunctions()
{
    static const std::vector<std::string_view> patterns = {
        // Advisory locks: a session lock outlives the statement and blocks kvs writers (the
        // migration lock stops every `kvs set`); a transaction lock lasts while a result is open.
        "pg_advisory_*",
        "pg_try_advisory_*",
        // Signals to other sessions.
        "pg_cancel_backend",
        "pg_terminate_backend",
        "pg_log_backend_memory_contexts",
        // Large objects: lo_export and lo_import read and write server files.
        "lo_*",
        "loread",
        "lowrite",
        // Replication slots (a slot holds WAL back after the rollback) and origins; reading
        // pg_replication_slots stays allowed.
        "pg_create_*_slot",
        "pg_copy_*_slot",
        "pg_drop_replication_slot",
        "pg_replication_slot_advance",
        "pg_logical_slot_*",
        "pg_replication_origin_*",
        "pg_logical_emit_message",
        // WAL, backups, recovery.
        "pg_switch_wal",
        "pg_switch_xlog",
        "pg_create_restore_point",
        "pg_backup_start",
        "pg_backup_stop",
        "pg_start_backup",
        "pg_stop_backup",
        "pg_promote",
        "pg_wal_replay_pause",
        "pg_wal_replay_resume",
        // Server configuration, logs and statistics.
        "pg_reload_conf",
        "pg_rotate_logfile*",
        "pg_stat_reset*",
        "pg_stat_statements_reset",
        // Session settings that outlive the statement.
        "set_config",
        "setseed",
        // SQL run from a string (not seen by this check), and other connections.
        "query_to_xml*",
        "query_to_xmlschema",
        "cursor_to_xml*",
        "ts_stat",
        "dblink*",
        // Server files (adminpack) and index or heap pages written in place.
        "pg_file_*",
        "brin_summarize_*",
        "brin_desummarize_range",
        "gin_clean_pending_list",
        "heap_force_*",
        "pg_truncate_visibility_map",
    };
    return patterns;
}

const std::vector<std::string_view> &deniedSqliteFunctions()
{
    static const std::vector<std::string_view> patterns = {
        "load_extension", // runs a shared library's code
        "fts3_tokenizer", // registers a tokenizer by pointer
        "writefile",      // the sqlite3 shell's file functions, should an extension add them
        "edit",
    };
    return patterns;
}

std::string_view deniedBy(const std::vector<std::string_view> &patterns, std::string_view name)
{
    for (const std::string_view pattern : patterns) {
        if (matches(pattern, name))
            return pattern;
    }
    return {};
}

} // namespace kvs::rawsql
