#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;

namespace kvs::ui {

struct SeenChange;
struct SeenEntry;

// Below a watch pane's tables: the selected row whole, which a table's cell shows only in part
// (a long value is cut to its column, around the part that changed): a change's old and new
// value side by side, or an entry's value. Texts beyond kMaxChars are cut with a note (a 20 MB
// value would stall the view; the history's export has it whole). Thread rule: GUI thread only.
class WatchDetailPane : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kMaxChars = 64 * 1024;

    explicit WatchDetailPane(QWidget *parent = nullptr);

    void showChange(const SeenChange &change);
    void showEntry(const SeenEntry &entry);
    void clear();

    QString titleText() const;
    QString oldText() const;
    QString newText() const;

private:
    QLabel *m_title;       // Owned.
    QLabel *m_oldCaption;  // Owned.
    QLabel *m_newCaption;  // Owned.
    QPlainTextEdit *m_old; // Owned.
    QPlainTextEdit *m_new; // Owned.
};

} // namespace kvs::ui
