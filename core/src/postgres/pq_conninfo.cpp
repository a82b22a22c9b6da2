// Connection strings (kvs/connection_string.h): recognising them, finding their passwords,
// converting the key=value form, taking out kvs's own parameters.
#include <kvs/connection_string.h>

#include <QByteArray>
#include <QFile>
#include <QFileInfo>

#include <libpq-fe.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <set>

namespace kvs {

namespace {

using Range = std::pair<std::size_t, std::size_t>;

// A secret this long is replaced wherever it appears in a message, a shorter one only where the
// message quotes it.
constexpr std::size_t kAnywhereLength = 6;

// kvs's own parameters, which PostgresAdapter takes out before libpq sees the string.
constexpr std::string_view kOwnParameters[] = {"pool_max", "timeout_ms"};

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// RFC 3986's unreserved characters stay as written, as in the URLs libpq reads.
std::string percentEncoded(std::string_view text)
{
    return QByteArray(text.data(), static_cast<qsizetype>(text.size()))
        .toPercentEncoding()
        .toStdString();
}

// QByteArray::fromPercentEncoding also turns a malformed "%zz" into a byte; a secret must be
// found as the user wrote it, so only well-formed escapes are decoded here.
int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// Decodes %XX where well-formed and keeps anything else as written (for finding secrets, not
// for connecting).
std::string percentDecoded(std::string_view text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size() && hexDigit(text[i + 1]) >= 0
            && hexDigit(text[i + 2]) >= 0) {
            out += static_cast<char>(hexDigit(text[i + 1]) * 16 + hexDigit(text[i + 2]));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

const std::set<std::string, std::less<>> &libpqKeywords()
{
    static const std::set<std::string, std::less<>> keywords = [] {
        std::set<std::string, std::less<>> names(std::begin(kOwnParameters),
                                                 std::end(kOwnParameters));
        if (PQconninfoOption *options = PQconndefaults()) {
            for (PQconninfoOption *option = options; option->keyword; ++option)
                names.insert(option->keyword);
            PQconninfoFree(options);
        }
        return names;
    }();
    return keywords;
}

bool isUrl(std::string_view text)
{
    return text.starts_with("postgres://") || text.starts_with("postgresql://");
}

// Whether a URL's authority (after the user info) lists several hosts.
bool urlHasHostList(std::string_view url)
{
    const std::size_t authority = url.find("://") + 3;
    const std::size_t stop = std::min(url.find_first_of("/?#", authority), url.size());
    const std::size_t at = url.rfind('@', stop);
    const std::size_t hosts = at == std::string_view::npos || at < authority ? authority : at + 1;
    return url.substr(hosts, stop - hosts).find(',') != std::string_view::npos;
}

// One NAME=VALUE of the key=value form, as libpq reads it: spaces allowed around '=', a value
// either single-quoted (backslash escapes) or up to the next space (backslash escapes).
// A word without '=' (a malformed string) has an empty name and its text as the value.
struct Pair
{
    std::string name;
    std::string value; // unescaped
    Range valueRange;  // as written, quotes included
    Range pairRange;   // name to end of value
    bool valid = true; // false: a stray word, or a quote left open
};

// Reads the key=value text as far as it goes; never fails.
std::vector<Pair> scanPairs(std::string_view text)
{
    std::vector<Pair> pairs;
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
        while (i < n && isSpace(text[i]))
            ++i;
        if (i >= n)
            break;
        Pair pair;
        const std::size_t start = i;
        while (i < n && text[i] != '=' && !isSpace(text[i]))
            ++i;
        pair.name = std::string(text.substr(start, i - start));
        std::size_t j = i;
        while (j < n && isSpace(text[j]))
            ++j;
        if (j >= n || text[j] != '=') {
            // A stray word: kept as a value so that a password split by a space is found.
            pair.value = pair.name;
            pair.name.clear();
            pair.valueRange = {start, i - start};
            pair.pairRange = pair.valueRange;
            pair.valid = false;
            pairs.push_back(std::move(pair));
            continue;
        }
        i = j + 1;
        while (i < n && isSpace(text[i]))
            ++i;
        const std::size_t valueStart = i;
        if (i < n && text[i] == '\'') {
            ++i;
            bool closed = false;
            while (i < n) {
                if (text[i] == '\\' && i + 1 < n) {
                    pair.value += text[i + 1];
                    i += 2;
                } else if (text[i] == '\'') {
                    ++i;
                    closed = true;
                    break;
                } else {
                    pair.value += text[i++];
                }
            }
            pair.valid = closed;
        } else {
            while (i < n && !isSpace(text[i])) {
                if (text[i] == '\\' && i + 1 < n) {
                    pair.value += text[i + 1];
                    i += 2;
                } else {
                    pair.value += text[i++];
                }
            }
        }
        pair.valueRange = {valueStart, i - valueStart};
        pair.pairRange = {start, i - start};
        pairs.push_back(std::move(pair));
    }
    return pairs;
}

bool looksLikeKeywords(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size() && isSpace(text[i]))
        ++i;
    const std::size_t start = i;
    while (i < text.size()
           && ((text[i] >= 'a' && text[i] <= 'z') || (text[i] >= 'A' && text[i] <= 'Z')
               || text[i] == '_'))
        ++i;
    if (i == start)
        return false;
    while (i < text.size() && isSpace(text[i]))
        ++i;
    if (i >= text.size() || text[i] != '=')
        return false;
    const auto &keywords = libpqKeywords();
    for (const Pair &pair : scanPairs(text)) {
        if (pair.valid && keywords.count(pair.name))
            return true;
    }
    return false;
}

// The URL's user info password and "password" query parameters.
std::vector<Range> urlPasswordRanges(std::string_view url)
{
    std::vector<Range> ranges;
    const std::size_t authority = url.find("://") + 3;
    std::size_t stop = url.find_first_of("/?#", authority);
    std::size_t at = url.rfind('@', stop == std::string_view::npos ? url.size() : stop);
    if (at == std::string_view::npos || at < authority)
        at = url.rfind('@'); // an unencoded '/' or '?' in the password: take the widest reading
    std::size_t queryFrom = authority;
    if (at != std::string_view::npos && at >= authority) {
        const std::size_t colon = url.find(':', authority);
        if (colon != std::string_view::npos && colon < at)
            ranges.emplace_back(colon + 1, at - colon - 1);
        queryFrom = at + 1;
    }
    const std::size_t query = url.find('?', queryFrom);
    if (query == std::string_view::npos)
        return ranges;
    std::size_t start = query + 1;
    while (start < url.size()) {
        std::size_t end = url.find_first_of("&#", start);
        if (end == std::string_view::npos)
            end = url.size();
        const std::string_view item = url.substr(start, end - start);
        if (item.starts_with("password="))
            ranges.emplace_back(start + 9, end - start - 9);
        start = end + 1;
    }
    return ranges;
}

// The key=value password, with the stray words after it (a password with an unquoted space).
std::vector<Range> keywordPasswordRanges(std::string_view text)
{
    std::vector<Range> ranges;
    const std::vector<Pair> pairs = scanPairs(text);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        if (pairs[i].name != "password")
            continue;
        Range range = pairs[i].valueRange;
        for (std::size_t j = i + 1; j < pairs.size() && !pairs[j].valid && pairs[j].name.empty();
             ++j) {
            const Range word = pairs[j].valueRange;
            range.second = word.first + word.second - range.first;
        }
        ranges.push_back(range);
    }
    return ranges;
}

// The texts that may stand for a password in libpq's messages: the password as written,
// decoded, and the parts libpq quotes when it reads a malformed string in another way.
std::vector<std::string> secretsOf(std::string_view connection)
{
    std::vector<std::string> secrets;
    const auto add = [&secrets](std::string text) {
        if (!text.empty())
            secrets.push_back(std::move(text));
    };
    for (const auto &[offset, length] : passwordRanges(connection)) {
        const std::string_view raw = connection.substr(offset, length);
        add(std::string(raw));
        add(percentDecoded(raw));
        std::string unquoted(raw);
        if (unquoted.size() >= 2 && unquoted.front() == '\'')
            add(unquoted.substr(1, unquoted.size() - (unquoted.back() == '\'' ? 2 : 1)));
        std::size_t start = 0;
        while (start <= raw.size()) {
            std::size_t end = raw.find_first_of("/?#@: \t\n'\\", start);
            if (end == std::string_view::npos)
                end = raw.size();
            if (end > start && end - start < raw.size())
                add(std::string(raw.substr(start, end - start)));
            start = end + 1;
        }
    }
    // Longest first, so that a piece never leaves a part of a longer secret behind.
    std::sort(secrets.begin(), secrets.end(), [](const std::string &a, const std::string &b) {
        return a.size() > b.size();
    });
    return secrets;
}

void replaceAll(std::string &text, std::string_view what, std::string_view with)
{
    if (what.empty())
        return;
    std::size_t at = 0;
    while ((at = text.find(what, at)) != std::string::npos) {
        text.replace(at, what.size(), with);
        at += with.size();
    }
}

std::string takeUrlParameter(std::string &url, std::string_view name, bool remove, bool &found)
{
    const std::size_t query = url.find('?');
    if (query == std::string::npos)
        return {};
    std::string kept;
    std::string value;
    std::size_t start = query + 1;
    while (start <= url.size()) {
        std::size_t end = url.find('&', start);
        if (end == std::string::npos)
            end = url.size();
        const std::string item = url.substr(start, end - start);
        if (item.size() > name.size() && item.compare(0, name.size(), name) == 0
            && item[name.size()] == '=') {
            value = percentDecoded(item.substr(name.size() + 1));
            found = true;
            if (!remove)
                kept += (kept.empty() ? "" : "&") + item;
        } else if (!item.empty()) {
            kept += (kept.empty() ? "" : "&") + item;
        }
        start = end + 1;
    }
    url = url.substr(0, query) + (kept.empty() ? "" : "?" + kept);
    return value;
}

bool isLocalHost(std::string_view host)
{
    return host.empty() || host.front() == '/' || host.front() == '@' || host == "localhost"
           || host.starts_with("127.") || host == "::1";
}

std::string optionValue(const PQconninfoOption *options, std::string_view keyword)
{
    for (const PQconninfoOption *option = options; option->keyword; ++option) {
        if (keyword == option->keyword)
            return option->val ? option->val : "";
    }
    return {};
}

// libpq's comma-separated host or port list; one empty item for an empty text.
std::vector<std::string> splitList(const std::string &text)
{
    std::vector<std::string> items;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        items.push_back(text.substr(start, comma == std::string::npos ? comma : comma - start));
        if (comma == std::string::npos)
            return items;
        start = comma + 1;
    }
}

struct ConninfoFree
{
    void operator()(PQconninfoOption *options) const noexcept { PQconninfoFree(options); }
};
using ConninfoHandle = std::unique_ptr<PQconninfoOption, ConninfoFree>;

// libpq's reading of a connection string (kvs's own parameters taken out); null with the
// redacted reason in *error when it does not parse.
ConninfoHandle parsedConninfo(std::string_view connection, std::string *error)
{
    std::string text(connection);
    for (const std::string_view own : kOwnParameters)
        (void)takeConnectionParameter(text, own, true);
    char *message = nullptr;
    ConninfoHandle options(PQconninfoParse(text.c_str(), &message));
    if (!options && error) {
        std::string why = message ? message : "out of memory";
        while (!why.empty() && (why.back() == '\n' || why.back() == ' '))
            why.pop_back();
        *error = redactSecrets(why, connection);
    }
    if (message)
        PQfreemem(message);
    return options;
}

} // namespace

bool isPostgresConnection(std::string_view connection) noexcept
{
    if (isUrl(connection))
        return true;
    try {
        return looksLikeKeywords(connection);
    } catch (...) {
        return false; // out of memory: not recognised, and the SQLite open reports its own error
    }
}

std::vector<Range> passwordRanges(std::string_view connection)
{
    if (isUrl(connection))
        return urlPasswordRanges(connection);
    if (isPostgresConnection(connection))
        return keywordPasswordRanges(connection);
    return {};
}

std::string redactedConnection(std::string_view connection)
{
    std::vector<Range> ranges = passwordRanges(connection);
    std::sort(ranges.begin(), ranges.end());
    std::string out;
    std::size_t at = 0;
    for (const auto &[offset, length] : ranges) {
        if (offset + length <= at)
            continue;
        if (offset > at)
            out += connection.substr(at, offset - at);
        out += "***";
        at = offset + length;
    }
    if (at < connection.size())
        out += connection.substr(at);
    return out;
}

std::string redactSecrets(std::string_view message, std::string_view connection)
{
    std::string text(message);
    if (!isPostgresConnection(connection))
        return text;
    const std::string redacted = redactedConnection(connection);
    replaceAll(text, connection, redacted);
    for (const std::string &secret : secretsOf(connection)) {
        // libpq and QUrl quote what they echo ("..."): a secret is replaced there, and
        // anywhere when it is long enough not to be an ordinary word (a password "P" must not
        // turn "PostgreSQL" into "***ostgreSQL"). The redacted connection keeps its place.
        const bool anywhere = secret.size() >= kAnywhereLength;
        std::string result;
        bool quoted = false;
        std::size_t i = 0;
        while (i < text.size()) {
            if (text.compare(i, redacted.size(), redacted) == 0) {
                result += redacted;
                i += redacted.size();
            } else if ((quoted || anywhere) && text.compare(i, secret.size(), secret) == 0) {
                result += "***";
                i += secret.size();
            } else {
                if (text[i] == '"')
                    quoted = !quoted;
                result += text[i++];
            }
        }
        text = std::move(result);
    }
    return text;
}

std::optional<std::string>
takeConnectionParameter(std::string &connection, std::string_view name, bool remove)
{
    if (isUrl(connection)) {
        bool found = false;
        std::string value = takeUrlParameter(connection, name, remove, found);
        if (!found)
            return std::nullopt;
        return value;
    }
    for (const Pair &pair : scanPairs(connection)) {
        if (!pair.valid || pair.name != name)
            continue;
        if (remove) {
            std::size_t end = pair.pairRange.first + pair.pairRange.second;
            while (end < connection.size() && isSpace(connection[end]))
                ++end;
            connection.erase(pair.pairRange.first, end - pair.pairRange.first);
        }
        return pair.value;
    }
    return std::nullopt;
}

std::optional<std::string> postgresUrlOf(std::string_view connection, std::string *error)
{
    // A URL naming several hosts ("postgresql://u@h1:5432,h2:5433/db", libpq's failover) is
    // rewritten with the lists in the query, as below: URL parsers other than libpq's (QUrl)
    // refuse a list in the authority.
    if (isUrl(connection) && !urlHasHostList(connection))
        return std::string(connection);
    std::string rest(connection);
    std::vector<std::pair<std::string, std::string>> own;
    for (const std::string_view name : kOwnParameters) {
        if (auto value = takeConnectionParameter(rest, name, true))
            own.emplace_back(std::string(name), *value);
    }
    const ConninfoHandle options = parsedConninfo(rest, error);
    if (!options)
        return std::nullopt;
    const std::string host = optionValue(options.get(), "host");
    const std::string port = optionValue(options.get(), "port");
    // One plain host (a name or an address) goes into the authority; a list or a socket
    // folder goes into the query, where libpq reads it as well.
    const bool plainHost = host.find_first_of(",/@") == std::string::npos;
    std::string url = "postgresql://";
    const std::string user = optionValue(options.get(), "user");
    const std::string password = optionValue(options.get(), "password");
    if (!user.empty() || !password.empty()) {
        url += percentEncoded(user);
        if (!password.empty())
            url += ":" + percentEncoded(password);
        url += "@";
    }
    std::vector<std::pair<std::string, std::string>> query;
    if (plainHost) {
        url += host.find(':') != std::string::npos ? "[" + host + "]" : percentEncoded(host);
        if (!port.empty() && port.find(',') == std::string::npos)
            url += ":" + percentEncoded(port);
        else if (!port.empty())
            query.emplace_back("port", port);
    } else {
        query.emplace_back("host", host);
        if (!port.empty())
            query.emplace_back("port", port);
    }
    url += "/" + percentEncoded(optionValue(options.get(), "dbname"));
    for (const PQconninfoOption *option = options.get(); option->keyword; ++option) {
        const std::string_view keyword = option->keyword;
        if (!option->val || keyword == "host" || keyword == "port" || keyword == "user"
            || keyword == "password" || keyword == "dbname")
            continue;
        query.emplace_back(option->keyword, option->val);
    }
    query.insert(query.end(), own.begin(), own.end());
    for (std::size_t i = 0; i < query.size(); ++i) {
        url += (i == 0 ? "?" : "&") + query[i].first + "=" + percentEncoded(query[i].second);
    }
    return url;
}

std::string connectionIdentity(std::string_view connection)
{
    if (!isPostgresConnection(connection)) {
        std::string_view path = connection;
        for (const std::string_view scheme : {"sqlite://", "file://"}) {
            if (path.starts_with(scheme))
                path.remove_prefix(scheme.size());
        }
        if (path.empty() || path == ":memory:" || path.starts_with("file:"))
            return std::string(path);
        return QFileInfo(QFile::decodeName(QByteArray(path.data(), qsizetype(path.size()))))
            .absoluteFilePath()
            .toStdString();
    }
    const ConninfoHandle options = parsedConninfo(connection, nullptr);
    if (!options)
        return redactedConnection(connection);
    const std::string user = optionValue(options.get(), "user");
    const std::string host = optionValue(options.get(), "host");
    const std::string port = optionValue(options.get(), "port");
    std::string identity = "postgresql://";
    if (!user.empty())
        identity += percentEncoded(user) + "@";
    // Several hosts (libpq's failover) are listed as the URL names them: h1:p1,h2:p2 (one port
    // for all, or one each).
    const std::vector<std::string> hosts = splitList(host);
    const std::vector<std::string> ports = splitList(port);
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        const std::string &one = hosts[i];
        const std::string &itsPort = ports.size() == 1  ? ports[0]
                                     : i < ports.size() ? ports[i]
                                                        : "";
        identity += (i ? "," : "")
                    + (one.find(':') != std::string::npos ? "[" + one + "]" : percentEncoded(one));
        if (!itsPort.empty() && itsPort != "5432")
            identity += ":" + percentEncoded(itsPort);
    }
    return identity + "/" + percentEncoded(optionValue(options.get(), "dbname"));
}

namespace {

std::string environmentValue(const char *name)
{
    const char *value = std::getenv(name);
    return std::string(value ? value : "");
}

// The first host of options (host, else hostaddr, else PGHOST) that is not this machine; "" when
// every one is.
std::string firstRemoteHost(const PQconninfoOption *options)
{
    std::string hosts = optionValue(options, "host");
    if (hosts.empty())
        hosts = optionValue(options, "hostaddr");
    if (hosts.empty())
        hosts = environmentValue("PGHOST");
    for (const std::string &host : splitList(hosts)) {
        if (!isLocalHost(host))
            return host;
    }
    return {};
}

// sslmode of options, else PGSSLMODE.
std::string sslModeOf(const PQconninfoOption *options)
{
    std::string sslmode = optionValue(options, "sslmode");
    return sslmode.empty() ? environmentValue("PGSSLMODE") : sslmode;
}

} // namespace

std::string plaintextPasswordWarning(std::string_view connection)
{
    if (!isPostgresConnection(connection))
        return {};
    const ConninfoHandle options = parsedConninfo(connection, nullptr);
    if (!options)
        return {};
    std::string password = optionValue(options.get(), "password");
    if (password.empty())
        password = environmentValue("PGPASSWORD");
    if (password.empty())
        return {};
    const std::string sslmode = sslModeOf(options.get());
    if (sslmode == "require" || sslmode == "verify-ca" || sslmode == "verify-full")
        return {};
    const std::string host = firstRemoteHost(options.get());
    if (host.empty())
        return {};
    return "kvs: warning: the password goes to " + host
           + " without TLS being required; add sslmode=require (or verify-full) to the "
             "connection string";
}

std::string unverifiedRemoteHost(std::string_view connection)
{
    if (!isPostgresConnection(connection))
        return {};
    const ConninfoHandle options = parsedConninfo(connection, nullptr);
    if (!options || sslModeOf(options.get()) == "verify-full")
        return {};
    return firstRemoteHost(options.get());
}

void hidePasswordsInArguments(int argc, char **argv) noexcept
{
    for (int i = 1; i < argc; ++i) {
        char *text = argv[i];
        if (!text)
            continue;
        std::string_view argument(text);
        if (argument.starts_with("--")) {
            const std::size_t equals = argument.find('=');
            if (equals == std::string_view::npos)
                continue;
            text += equals + 1;
            argument.remove_prefix(equals + 1);
        }
        try {
            for (const auto &[offset, length] : passwordRanges(argument))
                std::fill(text + offset, text + offset + length, 'x');
        } catch (...) {
            // Out of memory while scanning: the argument stays as it was.
        }
    }
}

} // namespace kvs
