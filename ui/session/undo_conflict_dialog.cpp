#include "session/undo_conflict_dialog.h"

#include <kvs/key.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kvs::ui {

namespace {

constexpr int kShownChars = 120;

QString elided(const std::string &text)
{
    QString shown = QString::fromStdString(text);
    if (shown.size() > kShownChars)
        shown = shown.left(kShownChars) + QChar(0x2026);
    return shown;
}

QString keyText(const std::string &encoded)
{
    try {
        return elided(printKeyLiteral(decodeKey(encoded)));
    } catch (const std::exception &) {
        return QString::fromLatin1(QByteArray::fromStdString(encoded).toHex());
    }
}

} // namespace

UndoConflictDialog::UndoConflictDialog(const RevertPlan &plan,
                                       const QString &label,
                                       bool redo,
                                       QWidget *parent)
    : QDialog(parent)
    , m_table(new QTableWidget(int(plan.keys.size()), 3, this))
    , m_revertMatching(new QPushButton(this))
{
    setObjectName(QStringLiteral("undoConflictDialog"));
    setWindowTitle(redo ? tr("Redo %1?").arg(label) : tr("Undo %1?").arg(label));
    const int changed = int(plan.keys.size() - plan.matching());
    auto *text = new QLabel(
        (redo ? tr("%Ln key(s) of this step changed since it was undone here: another "
                   "process or tab wrote them. Reverting them would lose what was written.",
                   nullptr,
                   changed)
              : tr("%Ln key(s) of this step changed since this app wrote them: another process "
                   "or tab wrote them. Reverting them would lose what was written.",
                   nullptr,
                   changed)),
        this);
    text->setWordWrap(true);
    m_table->setObjectName(QStringLiteral("undoConflictKeys"));
    m_table->setHorizontalHeaderLabels({tr("Key"), tr("Written here"), tr("Holds now")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    for (int row = 0; row < int(plan.keys.size()); ++row) {
        const RevertKey &key = plan.keys[std::size_t(row)];
        const QString written
            = key.change.written ? tr("version %1").arg(*key.change.written) : tr("deleted");
        QString now;
        if (key.undecodableVersion)
            now = tr("bytes that do not decode (version %1)").arg(*key.undecodableVersion);
        else if (!key.now)
            now = tr("absent");
        else if (key.matches)
            now = tr("unchanged");
        else
            now = tr("%1 (version %2)")
                      .arg(elided(printLiteral(key.now->value)))
                      .arg(key.now->version);
        m_table->setItem(row, 0, new QTableWidgetItem(keyText(key.change.key)));
        m_table->setItem(row, 1, new QTableWidgetItem(written));
        auto *nowItem = new QTableWidgetItem(now);
        if (!key.matches) {
            QFont bold = nowItem->font();
            bold.setBold(true);
            nowItem->setFont(bold);
        }
        m_table->setItem(row, 2, nowItem);
    }
    m_table->resizeColumnsToContents();
    const int matching = int(plan.matching());
    m_revertMatching->setText(tr("Revert the %Ln that still match", nullptr, matching));
    m_revertMatching->setObjectName(QStringLiteral("revertMatching"));
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_revertMatching, QDialogButtonBox::AcceptRole);
    QPushButton *none = buttons->addButton(tr("Revert none"), QDialogButtonBox::RejectRole);
    none->setObjectName(QStringLiteral("revertNone"));
    none->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(text);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(720, 360);
}

} // namespace kvs::ui
