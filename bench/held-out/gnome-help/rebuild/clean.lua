-- pandoc Lua filter: reduce yelp-build (Mallard) HTML to plain GFM-friendly elements.

-- links keep their text; images, raw HTML and rules go; spans and divs unwrap; headings lose their ids
for name, fn in pairs(dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../plain-elements.lua")) do _G[name] = fn end

local function has(el, c)
  for _, x in ipairs(el.classes) do if x == c then return true end end
  return false
end

-- navigation ("links" sections: topic lists, see-also, more information),
-- media, figures and the page footer are dropped; other divs are unwrapped;
-- notes become block quotes opened by their label ("Note:", "Tip:", ...)
local labels = { ["note-tip"] = "Tip", ["note-warning"] = "Warning",
                 ["note-important"] = "Important", ["note-advanced"] = "Advanced",
                 ["note-package"] = "Note", ["note-sidebar"] = "Note" }
local drop = { "links", "media", "figure", "about", "credits", "license", "trails",
               "clear", "yelp-data", "tiles" }

function Div(el)
  for _, c in ipairs(drop) do
    if has(el, c) then return {} end
  end
  if has(el, "note") then
    local label = "Note"
    for k, v in pairs(labels) do if has(el, k) then label = v end end
    local out = {}
    for _, b in ipairs(el.content) do table.insert(out, b) end
    local first = out[1]
    if first and (first.t == "Para" or first.t == "Plain") then
      local inl = { pandoc.Strong({ pandoc.Str(label .. ":") }), pandoc.Space() }
      for _, x in ipairs(first.content) do table.insert(inl, x) end
      out[1] = pandoc.Para(inl)
    else
      table.insert(out, 1, pandoc.Para({ pandoc.Strong({ pandoc.Str(label .. ":") }) }))
    end
    return pandoc.BlockQuote(out)
  end
  return el.content
end

local codey = { code = true, cmd = true, sys = true, input = true, output = true,
                file = true, prompt = true }
function Span(el)
  if has(el, "media") then return {} end
  for _, c in ipairs(el.classes) do
    if codey[c] then return pandoc.Code(pandoc.utils.stringify(el)) end
  end
  return el.content
end

-- screens and code listings: fenced, "sh" when they show a shell prompt or command
function CodeBlock(el)
  local lang = "text"
  for line in (el.text .. "\n"):gmatch("([^\n]*)\n") do
    if line:match("^%s*%$ ") or line:match("^%s*sudo ") or line:match("^%s*#%s") then
      lang = "sh"
    end
  end
  el.attr = pandoc.Attr("", { lang })
  return el
end

-- table cells and list items flattened to one line of inlines
local function inlines_of(blocks)
  local out = {}
  for _, b in ipairs(blocks) do
    if #out > 0 then table.insert(out, pandoc.Space()) end
    if b.t == "Para" or b.t == "Plain" then
      for _, i in ipairs(b.content) do
        if i.t == "LineBreak" or i.t == "SoftBreak" then
          table.insert(out, pandoc.Space())
        else
          table.insert(out, i)
        end
      end
    else
      table.insert(out, pandoc.Str(pandoc.utils.stringify(b)))
    end
  end
  return out
end

function Table(t)
  local function fix(rows)
    for _, r in ipairs(rows) do
      for _, c in ipairs(r.cells) do
        c.contents = { pandoc.Plain(inlines_of(c.contents)) }
        c.attr = pandoc.Attr()
      end
      r.attr = pandoc.Attr()
    end
  end
  fix(t.head.rows)
  for _, body in ipairs(t.bodies) do
    fix(body.head)
    fix(body.body)
  end
  -- GFM needs a header row: promote the first body row when there is none
  if #t.head.rows == 0 and #t.bodies > 0 and #t.bodies[1].body > 0 then
    local b = t.bodies[1]
    local rows = b.body
    local h = t.head
    h.rows = { rows[1] }
    t.head = h
    local rest = {}
    for k = 2, #rows do table.insert(rest, rows[k]) end
    b.body = rest
    t.bodies[1] = b
  end
  -- drop columns that are empty in every row (the status icons' image column)
  local all = {}
  for _, r in ipairs(t.head.rows) do table.insert(all, r) end
  for _, body in ipairs(t.bodies) do
    for _, r in ipairs(body.head) do table.insert(all, r) end
    for _, r in ipairs(body.body) do table.insert(all, r) end
  end
  local full = {}
  for _, r in ipairs(all) do
    for j, c in ipairs(r.cells) do
      if pandoc.utils.stringify(c.contents) ~= "" then full[j] = true end
    end
  end
  local keep = {}
  for j = 1, #t.colspecs do if full[j] then table.insert(keep, j) end end
  if #keep == 0 then return {} end
  if #keep == 1 then  -- a one-column table reads better as a list
    local items = {}
    for _, r in ipairs(all) do
      local c = r.cells[keep[1]]
      if pandoc.utils.stringify(c.contents) ~= "" then table.insert(items, c.contents) end
    end
    return pandoc.BulletList(items)
  end
  for _, r in ipairs(all) do
    local cells = {}
    for _, j in ipairs(keep) do
      table.insert(cells, r.cells[j] or pandoc.Cell({}))
    end
    r.cells = cells
  end
  local specs = {}
  for _ = 1, #keep do table.insert(specs, { pandoc.AlignDefault, nil }) end
  t.colspecs = specs
  t.attr = pandoc.Attr()
  t.caption = { long = {}, short = nil }
  return t
end

-- definition lists are not GFM: bullet items "**term**: definition" (shared with the other books)
DefinitionList = dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../definition-list.lua")

-- run the Div pass first, so dropped navigation never reaches the other functions
return {
  { Div = Div },
  { Image = Image, Link = Link, RawInline = RawInline, RawBlock = RawBlock,
    HorizontalRule = HorizontalRule, Span = Span, Header = Header,
    CodeBlock = CodeBlock, Table = Table, DefinitionList = DefinitionList },
}
