#pragma once

#include <QWidget>

class QHBoxLayout;

namespace kvs::ui {

class TreemapWidget;

// The way back up a treemap: a button per node from the root ("All keys", or the analysed
// prefix) to the one shown; a click on one shows that node again. Thread rule: GUI thread only.
class TreemapBreadcrumb : public QWidget
{
    Q_OBJECT

public:
    // Requires: treemap outlives this.
    explicit TreemapBreadcrumb(TreemapWidget *treemap, QWidget *parent = nullptr);

    // The buttons' texts, from the root.
    QStringList texts() const;
    // Clicks the button of level (0: the root).
    void goTo(int level);

private:
    void rebuild();

    TreemapWidget *m_treemap; // Not owned.
    QHBoxLayout *m_layout;    // Owned by this.
};

} // namespace kvs::ui
