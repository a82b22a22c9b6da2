#include "theme/ui_palette.h"

#include "theme/contrast.h"

#include <QWidget>

namespace kvs::ui {

namespace {

// WCAG 2 level AA for normal text.
constexpr double kMinimumContrast = 4.5;

struct Variants
{
    QRgb light; // On a light window; also the fill in every theme.
    QRgb dark;  // On a dark window.
};

// The hues of the roles. The light variants are dark enough for white text on them, the dark
// ones light enough for a dark background; readableOn() corrects what a theme's own window
// colour still needs.
Variants variants(UiPalette::Role role)
{
    switch (role) {
    case UiPalette::Role::Error:
        return {0xb3261e, 0xf2b8b5};
    case UiPalette::Role::Warning:
        return {0x9a4d00, 0xffb86c};
    case UiPalette::Role::Success:
        return {0x1b7f3b, 0x7fd68f};
    case UiPalette::Role::Muted:
        return {0x5f6368, 0x9aa0a6};
    case UiPalette::Role::SyntaxString:
        return {0x0a7d32, 0x98c379};
    case UiPalette::Role::SyntaxMemberName:
        return {0x1f4e9c, 0x8ab4f8};
    case UiPalette::Role::SyntaxNumber:
        return {0xb34700, 0xe5a06a};
    case UiPalette::Role::SyntaxBigInt:
        return {0x9c278f, 0xe38fd8};
    case UiPalette::Role::SyntaxKeyword:
        return {0x0b7285, 0x66d9e8};
    case UiPalette::Role::SyntaxConstructor:
        return {0x6f42c1, 0xc3a6ff};
    }
    return {0x000000, 0xffffff};
}

// The colour a banner of the tone is tinted with.
QColor accent(UiPalette::Tone tone)
{
    switch (tone) {
    case UiPalette::Tone::Info:
        return QColor(0x3b6fb6);
    case UiPalette::Tone::Warning:
        return QColor(0xe0a100);
    case UiPalette::Tone::Error:
        return QColor(0xd93025);
    }
    return QColor(0x808080);
}

} // namespace

UiPalette::UiPalette(const QPalette &palette)
    : m_window(palette.color(QPalette::Window))
    , m_base(palette.color(QPalette::Base))
    , m_text(palette.color(QPalette::WindowText))
    , m_dark(m_window.lightnessF() < 0.5)
{}

UiPalette UiPalette::of(const QWidget *widget)
{
    return UiPalette(widget->palette());
}

QColor UiPalette::color(Role role) const
{
    // Muted text is the theme's own text, faded towards its background.
    QColor colour = role == Role::Muted
                        ? contrast::mix(m_text, m_base, 0.45)
                        : QColor(m_dark ? variants(role).dark : variants(role).light);
    colour = contrast::readableOn(colour, m_base, kMinimumContrast);
    return contrast::readableOn(colour, m_window, kMinimumContrast);
}

QColor UiPalette::bannerBackground(Tone tone) const
{
    return contrast::mix(m_window, accent(tone), m_dark ? 0.25 : 0.12);
}

QColor UiPalette::bannerBorder(Tone tone) const
{
    return contrast::mix(m_window, accent(tone), m_dark ? 0.55 : 0.4);
}

QColor UiPalette::bannerText(Tone tone) const
{
    const QColor text = tone == Tone::Error ? color(Role::Error) : m_text;
    return contrast::readableOn(text, bannerBackground(tone), kMinimumContrast);
}

QColor UiPalette::fill(Role role)
{
    return contrast::readableOn(QColor(variants(role).light), fillText(), kMinimumContrast);
}

QString UiPalette::textStyle(Role role) const
{
    return QStringLiteral("color: %1;").arg(color(role).name());
}

QString UiPalette::bannerStyle(Tone tone) const
{
    return QStringLiteral("background: %1; color: %2; border: 1px solid %3; border-radius: 3px;")
        .arg(bannerBackground(tone).name(), bannerText(tone).name(), bannerBorder(tone).name());
}

QString UiPalette::fillStyle(Role role)
{
    return QStringLiteral("color: %1; background: %2;").arg(fillText().name(), fill(role).name());
}

} // namespace kvs::ui
