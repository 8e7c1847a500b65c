-- Shared by the books' pandoc Lua filters (installed with dofile at the top of their clean.lua, so a
-- book's own function of the same name, defined after, replaces the shared one): HTML reduced to
-- plain GFM elements. Links keep their text; images, raw HTML and rules go; spans and divs give up
-- their content; headings lose their ids and classes.
return {
  Link = function(el) return el.content end,
  Image = function(el) return {} end,
  Span = function(el) return el.content end,
  Div = function(el) return el.content end,
  RawInline = function(el) return {} end,
  RawBlock = function(el) return {} end,
  HorizontalRule = function(el) return {} end,
  Header = function(el)
    el.attr = pandoc.Attr()
    return el
  end,
}
