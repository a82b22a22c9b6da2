#pragma once

#include <kvs/condition.h>
#include <kvs/payload_path.h>
#include <kvs/types.h>

#include <QRegularExpression>

#include <cstdint>
#include <optional>
#include <string>

namespace kvs {

/// Which dead letters an operator means (dashboards, `kvs queue retry|delete-dead`): every
/// condition given must hold (AND). Evaluated by kvs over pages of listDead(), so that the one
/// regular-expression dialect (QRegularExpression, PCRE2) is the same on SQLite and PostgreSQL.
/// Substring matches are case-sensitive.
class DeadLetterFilter
{
public:
    /// lastError contains text.
    void setErrorContains(std::string text) { m_errorContains = std::move(text); }
    /// lastError matches pattern (unanchored). Throws TypeError
    /// "kvs: invalid regular expression: REASON at offset N" for a pattern that does not compile.
    void setErrorPattern(const std::string &pattern);
    /// Dead-lettered at or before ms since the epoch ("failed longer ago than").
    void setFailedAtOrBefore(std::int64_t ms) { m_failedAtOrBefore = ms; }
    /// Enqueued at or before ms since the epoch ("older than").
    void setEnqueuedAtOrBefore(std::int64_t ms) { m_enqueuedAtOrBefore = ms; }
    /// At least n attempts made.
    void setAttemptsAtLeast(std::int64_t n) { m_attemptsAtLeast = n; }
    /// The payload's canonical literal (printLiteral) contains text.
    void setPayloadContains(std::string text) { m_payloadContains = std::move(text); }
    /// The value at path inside the payload equals expected (Value's ==: SameValue for numbers,
    /// so 42 is not 42n; member order counts). A path that finds nothing never matches.
    void setPayloadPathEquals(PayloadPath path, Value expected)
    {
        m_payloadPath = std::move(path);
        m_payloadPathValue = std::move(expected);
    }

    /// The last error's signature (kvs/error_signature.h) is this one: idOrText is its id (8
    /// hex digits), its placeholder text, or an error text whose signature it is. No last error
    /// has the signature of the empty text.
    void setSignature(const std::string &idOrText);

    /// The condition holds with the payload as `value` (kvs/condition.h; key, version,
    /// expiresAt and size have no value here).
    void setWhere(Condition condition) { m_where = std::move(condition); }

    /// Whether no condition is set (every dead letter matches).
    [[nodiscard]] bool isEmpty() const noexcept;
    [[nodiscard]] bool matches(const QueueDeadMessage &message) const;

private:
    std::optional<std::string> m_errorContains;
    std::optional<QRegularExpression> m_errorPattern;
    std::optional<std::int64_t> m_failedAtOrBefore;
    std::optional<std::int64_t> m_enqueuedAtOrBefore;
    std::optional<std::int64_t> m_attemptsAtLeast;
    std::optional<std::string> m_payloadContains;
    std::optional<PayloadPath> m_payloadPath;
    Value m_payloadPathValue;
    std::optional<Condition> m_where;
    std::optional<std::string> m_signatureId;     // when given an id's form
    std::optional<std::string> m_signatureText;   // the text as given
    std::optional<std::string> m_signatureOfText; // and the signature of that text
};

} // namespace kvs
