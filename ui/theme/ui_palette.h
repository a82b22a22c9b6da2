#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

class QWidget;

namespace kvs::ui {

// The colours of KVS Admin by what they mean, the one place that names colours. Derived from a
// QPalette (the desktop's, through the widget's): a light or a dark variant of each colour by
// the window colour's lightness, moved further from the background where a theme needs it, so
// every text colour keeps a WCAG contrast of at least 4.5 on the palette's window and base
// colours. Read at construction by the widgets that use it. A value type; build it on the GUI
// thread (QPalette is the application's there), use it from any.
class UiPalette
{
public:
    // Text colours, readable on the window and base colours.
    enum class Role {
        Error,   // a problem: parse errors, failed tests, refusals
        Warning, // needs attention: a conflict, an older schema
        Success, // went well: a test passed
        Muted,   // secondary text: offsets, hex, details, comments in a literal
        // The literal syntax, by core's token kinds (kvs/literal_tokens.h).
        SyntaxString,
        SyntaxMemberName,
        SyntaxNumber,
        SyntaxBigInt,
        SyntaxKeyword,
        SyntaxConstructor,
    };

    // The tones of a banner: a box with a tinted background and border.
    enum class Tone {
        Info,    // a state to know about (read-only)
        Warning, // needs a decision, or only part is shown
        Error,   // something failed
    };

    explicit UiPalette(const QPalette &palette);
    // The palette a widget paints with.
    [[nodiscard]] static UiPalette of(const QWidget *widget);

    // True when the window colour is dark (a dark desktop theme).
    bool isDark() const { return m_dark; }
    [[nodiscard]] QColor color(Role role) const;
    [[nodiscard]] QColor bannerBackground(Tone tone) const;
    [[nodiscard]] QColor bannerBorder(Tone tone) const;
    // The banner's text colour: its tone's, readable on its background.
    [[nodiscard]] QColor bannerText(Tone tone) const;

    // A strong colour to write fillText() on (badges, the mode label), the same in every
    // theme: a solid badge reads on light and dark windows alike.
    [[nodiscard]] static QColor fill(Role role);
    [[nodiscard]] static QColor fillText() { return QColor(Qt::white); }

    // Style sheet declarations, for widgets styled by style sheet: "color: #rrggbb;" and a
    // banner's "background: ...; color: ...; border: 1px solid ...; border-radius: 3px;".
    [[nodiscard]] QString textStyle(Role role) const;
    [[nodiscard]] QString bannerStyle(Tone tone) const;
    [[nodiscard]] static QString fillStyle(Role role);

private:
    QColor m_window;
    QColor m_base;
    QColor m_text;
    bool m_dark = false;
};

} // namespace kvs::ui
