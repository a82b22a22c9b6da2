#include "common/message_banner.h"

#include "theme/ui_palette.h"

#include <QAbstractButton>
#include <QHBoxLayout>
#include <QLabel>

namespace kvs::ui {

MessageBanner::MessageBanner(Tone tone, QWidget *parent)
    : QWidget(parent)
    , m_text(new QLabel(this))
{
    setObjectName(QStringLiteral("messageBanner"));
    // A style sheet on a plain QWidget paints only with WA_StyledBackground.
    setAttribute(Qt::WA_StyledBackground, true);
    setStyleSheet(
        QStringLiteral("#messageBanner { %1 }")
            .arg(UiPalette::of(this).bannerStyle(tone == Tone::Warning ? UiPalette::Tone::Warning
                                                                       : UiPalette::Tone::Error)));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addWidget(m_text, 1);
    hide();
}

void MessageBanner::addButton(QAbstractButton *button)
{
    layout()->addWidget(button);
}

void MessageBanner::showMessage(const QString &text)
{
    m_text->setText(text);
    show();
}

QString MessageBanner::message() const
{
    return isHidden() ? QString() : m_text->text();
}

} // namespace kvs::ui
