#include "common/literal_editor.h"

#include "common/literal_highlighter.h"
#include "theme/ui_palette.h"

#include <kvs/errors.h>
#include <kvs/literal.h>

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QVBoxLayout>

namespace kvs::ui {

LiteralEditor::LiteralEditor(Kind kind, QWidget *parent)
    : QWidget(parent)
    , m_kind(kind)
{
    m_edit = new QPlainTextEdit(this);
    m_edit->setObjectName(QStringLiteral("literalText"));
    m_edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_edit->setTabChangesFocus(kind == Kind::Key);
    new LiteralHighlighter(m_edit->document(), UiPalette::of(m_edit));

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("literalError"));
    m_error->setTextFormat(Qt::PlainText);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(UiPalette::of(m_error).textStyle(UiPalette::Role::Error));
    m_error->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_edit, 1);
    layout->addWidget(m_error);

    m_pause.setSingleShot(true);
    m_pause.setInterval(kValidationDelayMs);
    connect(&m_pause, &QTimer::timeout, this, &LiteralEditor::validate);
    connect(m_edit, &QPlainTextEdit::textChanged, &m_pause, qOverload<>(&QTimer::start));
}

void LiteralEditor::setText(const QString &text)
{
    m_edit->setPlainText(text);
    m_pause.stop();
    validate();
}

QString LiteralEditor::text() const
{
    return m_edit->toPlainText();
}

QString LiteralEditor::errorText() const
{
    return m_valid ? QString() : m_error->text();
}

void LiteralEditor::showError(const QString &message, std::size_t position)
{
    // The core counts UTF-8 bytes; the editor shows lines and columns of characters.
    const QByteArray utf8 = text().toUtf8();
    const QString before = QString::fromUtf8(
        utf8.left(static_cast<qsizetype>(std::min<std::size_t>(position, utf8.size()))));
    const int line = int(before.count(QLatin1Char('\n'))) + 1;
    const int column = int(before.size() - before.lastIndexOf(QLatin1Char('\n')));
    m_error->setText(tr("Line %1, column %2: %3").arg(line).arg(column).arg(message));
    m_error->show();
}

std::optional<Value> LiteralEditor::parseValue()
{
    m_pause.stop();
    const std::string text = this->text().toStdString();
    try {
        Value value = parseLiteral(text);
        m_error->hide();
        m_valid = true;
        return value;
    } catch (const LiteralSyntaxError &e) {
        showError(QString::fromStdString(e.what()), e.position());
    } catch (const std::exception &e) {
        showError(QString::fromStdString(e.what()), text.size());
    }
    m_valid = false;
    return std::nullopt;
}

std::optional<Key> LiteralEditor::parseKey()
{
    m_pause.stop();
    const std::string text = this->text().toStdString();
    try {
        Key key = parseKeyLiteral(text);
        (void)encodeKey(key); // A NaN part or an oversized bigint parses but cannot be stored.
        m_error->hide();
        m_valid = true;
        return key;
    } catch (const LiteralSyntaxError &e) {
        showError(QString::fromStdString(e.what()), e.position());
    } catch (const std::exception &e) {
        m_error->setText(QString::fromStdString(e.what()));
        m_error->show();
    }
    m_valid = false;
    return std::nullopt;
}

void LiteralEditor::validate()
{
    const bool valid = m_kind == Kind::Key ? parseKey().has_value() : parseValue().has_value();
    emit validated(valid);
}

} // namespace kvs::ui
