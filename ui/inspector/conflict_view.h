#pragma once

#include <kvs/value.h>

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace kvs::ui {

// What the pane shows when a save was refused because another writer changed the key after it
// was loaded: the loaded, the edited and the current value side by side, and the three ways on.
// Thread rule: GUI thread only.
class ConflictView : public QWidget
{
    Q_OBJECT

public:
    explicit ConflictView(QWidget *parent = nullptr);

    // currentText: the current literal, or a sentence when the key is gone.
    void showConflict(const QString &loaded,
                      qint64 loadedVersion,
                      const QString &edited,
                      const QString &current,
                      qint64 currentVersion,
                      bool currentExists);

    // value's literal as it shows beside values that span several lines: its outermost
    // container over several lines too, so that the three read line by line. For values up to
    // the editor's size (a conflict is about an edited value).
    static QString multiLineText(const Value &value);

    QString loadedText() const;
    QString editedText() const;
    QString currentText() const;

signals:
    void keepMine();    // Overwrite the current value (checked against its version).
    void takeCurrent(); // Drop the edit; show the current value.
    void keepEditing(); // Back to the editor, on top of the current version.

private:
    QLabel *m_loadedCaption;   // Owned (child).
    QLabel *m_currentCaption;  // Owned (child).
    QPlainTextEdit *m_loaded;  // Owned (child).
    QPlainTextEdit *m_edited;  // Owned (child).
    QPlainTextEdit *m_current; // Owned (child).
    QPushButton *m_keepMine;   // Owned (child).
};

} // namespace kvs::ui
