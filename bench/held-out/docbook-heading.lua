-- Shared by the pandoc Lua filters of the books made from DocBook XSL HTML (loaded with dofile, see
-- their clean.lua): headings lose their ids and the number DocBook puts before their text
-- ("4.1.2. Constants", "Chapter 3. ...", "Part I. ..."; with opts.appendix also "Appendix A. ...").
-- Called with opts, it returns the Header function. opts.plain: the text is trimmed first and the
-- heading is always one plain string; otherwise a heading without a number keeps its inlines.
return function(opts)
  return function(el)
    el.attr = pandoc.Attr()
    local s = pandoc.utils.stringify(el.content):gsub("\194\160", " ")
    if opts.plain then s = s:gsub("^%s+", ""):gsub("%s+$", "") end
    local rest = s:match("^[%d%.]+%.%s+(.*)$") or s:match("^Chapter%s+%d+%.%s+(.*)$")
              or s:match("^Part%s+[IVX]+%.%s+(.*)$")
              or (opts.appendix and s:match("^Appendix%s+%u%.%s+(.*)$"))
    if rest then
      el.content = { pandoc.Str(rest) }
    elseif opts.plain then
      el.content = { pandoc.Str(s) }
    end
    return el
  end
end
