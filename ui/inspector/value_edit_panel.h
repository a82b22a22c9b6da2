#pragma once

#include <QWidget>

class QPushButton;

namespace kvs::ui {

class ExpiryEdit;
class LiteralEditor;

// The editor of a value: the literal (validated as it is typed), what to do with the expiry
// (kept by default), Save (also Ctrl+Enter) and Cancel. Save is enabled while the literal parses.
// Thread rule: GUI thread only.
class ValueEditPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ValueEditPanel(QWidget *parent = nullptr);

    // Starts an edit of text, keeping the expiry.
    void begin(const QString &text);
    LiteralEditor *editor() const { return m_editor; }
    // The text or the expiry differs from what begin() started with.
    bool isModified() const;
    ExpiryEdit *expiry() const { return m_expiry; }

signals:
    void saveRequested();
    void cancelRequested();

private:
    LiteralEditor *m_editor; // Owned (child).
    ExpiryEdit *m_expiry;    // Owned (child).
    QPushButton *m_save;     // Owned (child).
    QString m_original;
};

} // namespace kvs::ui
