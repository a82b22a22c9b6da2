#pragma once

#include <kvs/value.h>

#include <QWidget>

#include <memory>

class QAction;
class QPlainTextEdit;
class QTreeView;

namespace kvs::ui {

class StructuredValueModel;

// The value as a collapsible tree (StructuredValueModel) above a detail pane that shows the
// selected node whole: a string with its line breaks, anything else pretty-printed. The row
// menu and Ctrl+C copy the selected node's path as a literal (["items", 3, "name"]); the menu
// also copies its value as a literal.
//
// Thread rule: GUI thread only.
class StructuredValueView : public QWidget
{
    Q_OBJECT

public:
    explicit StructuredValueView(QWidget *parent = nullptr);

    // Shows value (null: nothing) with its top row expanded and nothing selected.
    void setValue(std::shared_ptr<const Value> value);

    StructuredValueModel *model() const { return m_model; }
    QTreeView *treeView() const { return m_tree; }
    QPlainTextEdit *detailView() const { return m_detail; }
    QAction *copyPathAction() const { return m_copyPath; }
    QAction *copyValueAction() const { return m_copyValue; }

signals:
    // Something was put on the clipboard: what, for the status bar.
    void copied(const QString &what);

private:
    void showDetail();
    void copyPath();
    void copyValue();

    StructuredValueModel *m_model; // Owned (child).
    QTreeView *m_tree;             // Owned (child).
    QPlainTextEdit *m_detail;      // Owned (child).
    QAction *m_copyPath;           // Owned (child).
    QAction *m_copyValue;          // Owned (child).
};

} // namespace kvs::ui
