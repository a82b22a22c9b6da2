#include <kvs/dead_letter_filter.h>
#include <kvs/error_signature.h>
#include <kvs/errors.h>
#include <kvs/literal.h>

namespace kvs {

void DeadLetterFilter::setErrorPattern(const std::string &pattern)
{
    QRegularExpression expression(QString::fromStdString(pattern));
    if (!expression.isValid()) {
        throw TypeError("kvs: invalid regular expression: " + expression.errorString().toStdString()
                        + " at offset " + std::to_string(expression.patternErrorOffset()));
    }
    expression.optimize();
    m_errorPattern = std::move(expression);
}

void DeadLetterFilter::setSignature(const std::string &idOrText)
{
    m_signatureId.reset();
    if (looksLikeErrorSignatureId(idOrText))
        m_signatureId = idOrText;
    m_signatureText = idOrText;
    m_signatureOfText = errorSignatureText(idOrText);
}

bool DeadLetterFilter::isEmpty() const noexcept
{
    return !m_errorContains && !m_errorPattern && !m_failedAtOrBefore && !m_enqueuedAtOrBefore
           && !m_attemptsAtLeast && !m_payloadContains && !m_payloadPath && !m_where
           && !m_signatureText;
}

bool DeadLetterFilter::matches(const QueueDeadMessage &message) const
{
    if (m_failedAtOrBefore && message.failedAt > *m_failedAtOrBefore)
        return false;
    if (m_enqueuedAtOrBefore && message.enqueuedAt > *m_enqueuedAtOrBefore)
        return false;
    if (m_attemptsAtLeast && message.attempts < *m_attemptsAtLeast)
        return false;
    if (m_errorContains || m_errorPattern) {
        if (!message.lastError)
            return false;
        if (m_errorContains && message.lastError->find(*m_errorContains) == std::string::npos)
            return false;
        if (m_errorPattern
            && !m_errorPattern->match(QString::fromStdString(*message.lastError)).hasMatch())
            return false;
    }
    if (m_signatureText) {
        const std::string text
            = message.lastError ? errorSignatureText(*message.lastError) : std::string();
        if (text != *m_signatureText && text != *m_signatureOfText
            && !(m_signatureId && errorSignatureId(text) == *m_signatureId))
            return false;
    }
    if (m_payloadContains
        && printLiteral(message.payload).find(*m_payloadContains) == std::string::npos)
        return false;
    if (m_payloadPath) {
        const Value *found = m_payloadPath->find(message.payload);
        if (!found || !(*found == m_payloadPathValue))
            return false;
    }
    if (m_where && !m_where->matches(ConditionSubject::ofPayload(message.payload)))
        return false;
    return true;
}

} // namespace kvs
