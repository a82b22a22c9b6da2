#include "rules/schema_rules.h"

#include <kvs/errors.h>
#include <kvs/types.h>

#include <algorithm>
#include <charconv>

namespace kvs::detail {

void requireColumns(const std::vector<std::string> &present,
                    const std::string &table,
                    Columns required,
                    Columns alsoRequired)
{
    std::string missing;
    for (Columns list : {required, alsoRequired}) {
        for (const char *column : list) {
            if (std::find(present.begin(), present.end(), column) == present.end())
                missing += (missing.empty() ? "" : ", ") + std::string(column);
        }
    }
    if (missing.empty())
        return;
    if (present.empty()) { // not there at all: not someone else's table, a missing one of ours
        throw Error("kvs: table \"" + table
                    + "\" is missing from this kvs database (it was dropped, or the database is "
                      "damaged); kvs does not recreate it, as the versions it held are lost");
    }
    throw ForeignTableError("kvs: table \"" + table
                                + "\" exists but is not a kvs table (missing columns: " + missing
                                + "). Use the tablePrefix option to give kvs tables of its own.",
                            table);
}

long long parseSchemaVersion(const std::string &text)
{
    long long version = 0;
    const char *end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, version);
    if (ec == std::errc::result_out_of_range && ptr == end)
        throw Error("kvs: the database schema version is too large: \"" + text + "\"");
    if (text.empty() || ec != std::errc() || ptr != end)
        throw Error("kvs: the database schema version is not an integer: \"" + text + "\"");
    if (version > kSchemaVersion) {
        throw SchemaTooNewError("kvs: the database schema is version " + std::to_string(version)
                                    + ", newer than this kvs release supports ("
                                    + std::to_string(kSchemaVersion) + "). Upgrade @coderbuzz/kvs",
                                version);
    }
    return version;
}

void throwVersionsExhausted(std::optional<std::int64_t> counter)
{
    throw Error("kvs: versionstamps are used up: "
                + (counter ? "the counter is at " + std::to_string(*counter) + " and " : "")
                + "the next version would pass 9007199254740991 (2^53 - 1), the largest integer "
                  "JavaScript reads exactly");
}

std::string joinNames(const std::vector<std::string> &names)
{
    std::string out;
    for (const auto &name : names)
        out += (out.empty() ? "" : ", ") + name;
    return out;
}

} // namespace kvs::detail
