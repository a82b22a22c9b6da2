#include "common/scrolled_content.h"

#include <QFrame>
#include <QScrollArea>
#include <QVBoxLayout>

namespace kvs::ui {

QWidget *scrolledContent(QWidget *pane, const char *paneName)
{
    auto *area = new QScrollArea(pane);
    area->setObjectName(QString::fromLatin1(paneName) + QStringLiteral("Scroll"));
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    auto *content = new QWidget(area);
    content->setObjectName(QString::fromLatin1(paneName) + QStringLiteral("Content"));
    area->setWidget(content);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(area);
    return content;
}

} // namespace kvs::ui
