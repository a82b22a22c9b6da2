#pragma once

#include <kvs/key.h>
#include <kvs/value.h>

#include <QTimer>
#include <QWidget>

#include <optional>

class QLabel;
class QPlainTextEdit;

namespace kvs::ui {

// A text editor for one literal (a value, or a key when Kind::Key) with syntax colouring and
// live validation: each edit is parsed after a short pause (debounced) and a syntax error is
// shown under the text with its position (line and column) and the cursor can jump there.
// Thread rule: GUI thread only.
class LiteralEditor : public QWidget
{
    Q_OBJECT

public:
    enum class Kind { Value, Key };
    static constexpr int kValidationDelayMs = 250;

    explicit LiteralEditor(Kind kind, QWidget *parent = nullptr);

    void setText(const QString &text);
    QString text() const;
    QPlainTextEdit *textEdit() const { return m_edit; }

    // Parses the text now (no waiting for the pause): the value, or nullopt with the error shown.
    std::optional<Value> parseValue();
    // Kind::Key: the key, or nullopt with the error shown.
    std::optional<Key> parseKey();
    // The last validation's outcome (true before any edit of valid text).
    bool isValid() const { return m_valid; }
    // The message shown for the last error, empty when valid.
    QString errorText() const;

signals:
    // After each validation.
    void validated(bool valid);

private:
    void validate();
    void showError(const QString &message, std::size_t position);

    Kind m_kind;
    QPlainTextEdit *m_edit; // Owned (child).
    QLabel *m_error;        // Owned (child).
    QTimer m_pause;
    bool m_valid = true;
};

} // namespace kvs::ui
