-- pandoc Lua filter: reduce the LyX-generated Denemo manual HTML to plain GFM.

local function has(el, c)
  for _, x in ipairs(el.classes) do if x == c then return true end end
  return false
end

local function text_of(el)
  return pandoc.utils.stringify(el):gsub("\u{a0}", " ")
end

-- LyX code boxes: one <div class="lyx_code_item"> per line -> fenced block
local function code_lines(el)
  local lines = {}
  pandoc.walk_block(el, { Div = function(d)
    if has(d, "lyx_code_item") then
      local t = text_of(d):gsub("%s+$", "")
      table.insert(lines, t)
    end
  end })
  return lines
end

local function CodeDiv(el)
  if has(el, "lyx_code") then
    local lines = code_lines(el)
    local text = table.concat(lines, "\n")
    local lang = text:match("^%s*%(") and "scheme" or "text"
    return pandoc.CodeBlock(text, pandoc.Attr("", { lang }))
  end
end

local function Div(el)
  if has(el, "toc") or has(el, "foot_label") then return {} end
  return el.content
end

local function Span(el)
  if has(el, "foot_label") then return {} end
  local style = el.attributes["style"] or ""
  if style:match("monospace") then
    local t = text_of(el):gsub("^%s+", ""):gsub("%s+$", "")
    if t == "" then return {} end
    return pandoc.Code(t)
  end
  return el.content
end

local function Link(el) return el.content end
local function Image(el) return {} end
local function RawInline(el) return {} end
local function RawBlock(el) return {} end
local function HorizontalRule(el) return {} end

local function CodeBlock(el)
  local lang = el.text:match("^%s*%(") and "scheme" or "text"
  el.attr = pandoc.Attr("", { lang })
  el.text = el.text:gsub("\u{a0}", " "):gsub("[ \t]+\n", "\n"):gsub("%s+$", "")
  return el
end

-- headings: keep the LyX number as plain text "3.2 Title"; drop anchors
local function Header(el)
  el.attr = pandoc.Attr()
  return el
end

return {
  { Div = CodeDiv },
  { Div = Div, Span = Span, Link = Link, Image = Image, RawInline = RawInline,
    RawBlock = RawBlock, HorizontalRule = HorizontalRule, CodeBlock = CodeBlock,
    Header = Header },
}
