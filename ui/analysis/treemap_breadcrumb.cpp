#include "analysis/treemap_breadcrumb.h"

#include "analysis/treemap_tiles.h"
#include "analysis/treemap_widget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace kvs::ui {

TreemapBreadcrumb::TreemapBreadcrumb(TreemapWidget *treemap, QWidget *parent)
    : QWidget(parent)
    , m_treemap(treemap)
    , m_layout(new QHBoxLayout(this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(2);
    connect(m_treemap, &TreemapWidget::nodeChanged, this, &TreemapBreadcrumb::rebuild);
    rebuild();
}

void TreemapBreadcrumb::rebuild()
{
    // Later: the button clicked may be the one whose signal rebuilds the row.
    while (QLayoutItem *item = m_layout->takeAt(0)) {
        if (QWidget *widget = item->widget()) {
            widget->setObjectName(QString());
            widget->hide();
            widget->deleteLater();
        }
        delete item;
    }
    const QList<QJsonObject> &path = m_treemap->path();
    for (int level = 0; level < path.size(); ++level) {
        if (level > 0)
            m_layout->addWidget(new QLabel(QStringLiteral("›"), this));
        const QString key = path.at(level).value(QStringLiteral("key")).toString();
        auto *button = new QToolButton(this);
        button->setAutoRaise(true);
        button->setObjectName(QStringLiteral("crumb%1").arg(level));
        if (level == 0)
            button->setText(key == QStringLiteral("[]") ? tr("All keys") : key);
        else
            button->setText(lastKeyPart(key));
        button->setToolTip(key);
        // The node shown is where the user is: not a way back.
        button->setEnabled(level + 1 < path.size());
        connect(button, &QToolButton::clicked, this, [this, level] { m_treemap->goUp(level); });
        m_layout->addWidget(button);
    }
    m_layout->addStretch(1);
}

QStringList TreemapBreadcrumb::texts() const
{
    QStringList texts;
    for (int i = 0; i < m_layout->count(); ++i) {
        if (auto *button = qobject_cast<QToolButton *>(m_layout->itemAt(i)->widget()))
            texts.append(button->text());
    }
    return texts;
}

void TreemapBreadcrumb::goTo(int level)
{
    if (auto *button = findChild<QToolButton *>(QStringLiteral("crumb%1").arg(level)))
        button->click();
}

} // namespace kvs::ui
