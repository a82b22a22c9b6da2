#include "connection/ssh_askpass.h"

#include <QCoreApplication>
#include <QInputDialog>
#include <QLineEdit>

#include <cstdio>

namespace kvs::ui {

int runSshAskpass(const QString &prompt)
{
    QInputDialog dialog;
    dialog.setObjectName(QStringLiteral("sshAskpassDialog"));
    dialog.setWindowTitle(QCoreApplication::translate("kvs::ui::SshAskpass", "SSH"));
    dialog.setLabelText(prompt.trimmed().isEmpty()
                            ? QCoreApplication::translate("kvs::ui::SshAskpass", "Passphrase:")
                            : prompt.trimmed());
    dialog.setTextEchoMode(QLineEdit::Password);
    if (dialog.exec() != QDialog::Accepted)
        return 1;
    const QByteArray answer = dialog.textValue().toUtf8();
    std::fwrite(answer.constData(), 1, static_cast<std::size_t>(answer.size()), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
    return 0;
}

} // namespace kvs::ui
