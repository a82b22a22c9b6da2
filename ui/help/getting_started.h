#pragma once

#include <QDialog>

class QLabel;

namespace kvs::ui {

// The "Getting started" page: what the demo database holds, that a database opens read-only
// until "Allow writes", where the views are and where to look next. Shown once on the first
// start (showOnFirstStart) and from Help > Getting started. Not modal. Thread rule: GUI thread
// only.
class GettingStartedDialog : public QDialog
{
    Q_OBJECT

public:
    // The settings key that records that the page was shown once.
    static constexpr const char *kShownKey = "help/gettingStartedShown";

    explicit GettingStartedDialog(QWidget *parent = nullptr);

    QLabel *textLabel() const { return m_text; }

    // Shows the page beside parent (deleted when closed) unless it was shown before, and
    // records that it was. Returns the page, or null when it was shown before.
    static GettingStartedDialog *showOnFirstStart(QWidget *parent);

private:
    QLabel *m_text; // Owned.
};

} // namespace kvs::ui
