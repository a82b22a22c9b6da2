#include "common/audited_job.h"

#include <QCoreApplication>

namespace kvs::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(AuditedJob)
};

} // namespace

QString auditLogProblem()
{
    try {
        checkAuditLogAppendable();
    } catch (const std::exception &error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

QString questionWithAudit(const QString &question, const QString &problem)
{
    if (problem.isEmpty())
        return question;
    return Tr::tr("%1\n\nThe audit log cannot be written (%2): this action would not be "
                  "recorded. Run it without an audit entry?")
        .arg(question, problem);
}

} // namespace kvs::ui
