#pragma once

#include <kvs/key.h>
#include <kvs/value.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

/// The literal syntax (kvs/literal.h) as tokens, for the code that lays it out or colours it:
/// LiteralTokenStream prints a value as tokens and structure marks (printLiteral and the GUI's
/// multi-line printer both render it), and scanLiteralText splits literal text into tokens of
/// the same kinds (the GUI's syntax colouring). A new value kind is written in the stream once;
/// its renderers and colouring follow from the kinds.
namespace kvs {

/// What a token is. The text kinds are shared by the stream and scanLiteralText; the structure
/// marks come from the stream only and have no text.
enum class LiteralTokenKind : std::uint8_t {
    Punctuation, ///< [ ] { } ( ) , and ":" (the stream writes ": ", with the one-line space).
    String,      ///< A string value.
    MemberName,  ///< An object member's name: a string, a name or a number before ':'.
    Number,      ///< 42, -0, 1.5e+21 (NaN and +-Infinity are Keywords).
    BigInt,      ///< 12n.
    Keyword,     ///< true, false, null, undefined, NaN, Infinity, -Infinity.
    Constructor, ///< new Date, new Uint8Array, new Map, new Set (without the parenthesis).
    Comment,     ///< scanLiteralText only: // to the end of the line, or /* ... */.
    Invalid,     ///< scanLiteralText only: what the grammar has no place for (foo, +, 0x1f).
    Begin,       ///< Stream only: a container starts; its opening text follows.
    Item,        ///< Stream only: an item of the innermost container starts (after its ',').
    End,         ///< Stream only: the innermost container ends; its closing text follows.
};

/// The bracketed structures a Begin, Item or End token belongs to.
enum class LiteralContainer : std::uint8_t {
    Array,    ///< [a, b]; also a key.
    Object,   ///< {"name": value}; an item is a member name, ": " and the value.
    Map,      ///< new Map([entry, ...]); each item is a MapEntry.
    MapEntry, ///< [key, value] in a Map; items 0 (the key) and 1 (the value).
    Set,      ///< new Set([a, b]).
    Bytes,    ///< new Uint8Array([1, 2]); each item is one Number.
};

/// One token of LiteralTokenStream. A view: text and value stay valid until the next call of
/// the stream's next(), and while the printed value lives.
struct LiteralToken
{
    LiteralTokenKind kind = LiteralTokenKind::Punctuation;
    /// The token as the literal writes it, except for String and MemberName: the string itself,
    /// unescaped (appendLiteralText quotes and escapes it). Empty for Begin, Item and End.
    std::string_view text;
    /// Begin, Item and End: the container.
    LiteralContainer container = LiteralContainer::Array;
    /// Begin: the container's number of items. Item: the item's index, from 0.
    std::size_t count = 0;
    /// Begin: the container's value; null when it is a key or a key part's bytes.
    const Value *value = nullptr;
};

/// How LiteralTokenStream writes what the literal syntax can write in more than one way.
struct LiteralStyle
{
    /// Valid Dates of years 0..9999 as new Date("2026-09-01T12:30:00.000Z") rather than
    /// new Date(1788265800000): readable, and read back as the same value.
    bool isoDates = false;
};

/// A value's literal as a stream of tokens, in order, ending after the last closing bracket.
/// Rendering every text token with appendLiteralText, plus one space at each Item token but a
/// container's first, gives printLiteral's one-line text. Begin/Item/End mark the structure,
/// so a renderer can break lines and indent there (Item comes after the separating ',', End
/// before the closing bracket), or print a container on one line and skip it.
/// Works without recursion (a stack of its own): a value nested thousands of levels deep costs
/// heap, not call stack. Costs O(1) per token, whatever the size of the value: a renderer that
/// stops early has paid for the part it wrote. Holds views into the value, which must outlive
/// the stream. Not thread-safe (one stream per rendering); any thread.
class LiteralTokenStream
{
public:
    explicit LiteralTokenStream(const Value &value, LiteralStyle style = {});
    /// A key's literal: an Array of its parts.
    explicit LiteralTokenStream(const Key &key);
    ~LiteralTokenStream();
    LiteralTokenStream(const LiteralTokenStream &) = delete;
    LiteralTokenStream &operator=(const LiteralTokenStream &) = delete;

    /// Sets token to the next token and returns true, or returns false at the end.
    [[nodiscard]] bool next(LiteralToken &token);
    /// Skips the rest of the container whose Begin token next() returned last, closing text
    /// included, for a renderer that wrote the container by other means (e.g. on one line with
    /// a stream of its own over token.value). Requires: the last token was a Begin.
    void skipContainer();

private:
    struct Frame;

    void refill();
    void add(LiteralTokenKind kind, std::string_view text = {});
    void addMark(LiteralTokenKind kind, LiteralContainer container, std::size_t count);
    void addBegin(LiteralContainer container, std::size_t count, const Value *value);
    void addValue(const Value &value);
    void addNumber(double number);
    void addBigInt(const BigInt &number);
    void addDate(const Date &date);
    void addKeyPart(const KeyPart &part);
    void pushContainer(LiteralContainer container, std::size_t size, const Value &value);
    void pushBytes(const std::string &bytes, const Value *value);
    void advanceContainer(Frame &frame);
    void advanceMapEntry(Frame &frame);

    std::vector<Frame> m_frames; // The containers being printed, innermost last.
    // The tokens of the last step, handed out one by one before the next step.
    std::array<LiteralToken, 8> m_pending;
    std::size_t m_pendingNext = 0;
    std::size_t m_pendingSize = 0;
    std::string m_text; // The text of a pending number, bigint or ISO date.
    LiteralStyle m_style;
    bool m_afterBegin = false; // next() returned a Begin last (skipContainer's requirement).
};

/// Appends a text token as the literal writes it: String and MemberName quoted and escaped as
/// JSON.stringify does, other kinds as they are. Appends nothing for Begin, Item and End.
void appendLiteralText(const LiteralToken &token, std::string &out);

/// A token of literal text found by scanLiteralText: a text kind and where it stands.
struct LiteralTextToken
{
    LiteralTokenKind kind = LiteralTokenKind::Invalid;
    std::size_t start = 0;  ///< Byte offset of its first byte.
    std::size_t length = 0; ///< In bytes; white space between tokens belongs to none.
};

/// Splits text into tokens of the literal syntax for colouring, by the rules the parser reads
/// with. Never throws and accepts any text: what is not a literal, or not yet one while being
/// typed, becomes Invalid tokens, an unterminated string runs to the end of the line, and a
/// comment (refused by the parser) is a Comment. Offsets fall on UTF-8 character boundaries.
/// Linear in the length of the text. Safe from any thread.
[[nodiscard]] std::vector<LiteralTextToken> scanLiteralText(std::string_view text);

} // namespace kvs
