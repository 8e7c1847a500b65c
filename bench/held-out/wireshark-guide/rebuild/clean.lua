-- Pandoc Lua filter: strip images, links, raw HTML and wrappers, turn
-- definition lists into bullet lists, flatten table cells so that the
-- gfm writer can emit pipe tables, and shift headings below the page title.

local function drop() return {} end

local function flatten_blocks(blocks)
  -- turn a list of blocks into one list of inlines
  local inl = pandoc.List()
  local function add(xs)
    if #inl > 0 and #xs > 0 then inl:insert(pandoc.Str(";")); inl:insert(pandoc.Space()) end
    inl:extend(xs)
  end
  for _, b in ipairs(blocks) do
    if b.t == "Para" or b.t == "Plain" then
      add(b.content)
    elseif b.t == "BulletList" or b.t == "OrderedList" then
      for _, item in ipairs(b.content) do add(flatten_blocks(item)) end
    elseif b.t == "CodeBlock" then
      add({pandoc.Code((b.text:gsub("\n", " ")))})
    elseif b.t == "Div" or b.t == "BlockQuote" then
      add(flatten_blocks(b.content))
    elseif b.t == "DefinitionList" then
      for _, it in ipairs(b.content) do
        local xs = pandoc.List(it[1])
        for _, d in ipairs(it[2]) do xs:insert(pandoc.Str(":")); xs:insert(pandoc.Space()); xs:extend(flatten_blocks(d)) end
        add(xs)
      end
    end
  end
  -- line breaks cannot live in a pipe table cell
  local res = pandoc.List()
  for _, x in ipairs(inl) do
    if x.t == "LineBreak" or x.t == "SoftBreak" then res:insert(pandoc.Space()) else res:insert(x) end
  end
  return res
end

local function cell_empty(c)
  return pandoc.utils.stringify(c.contents):match("^%s*$") ~= nil
end

function Table(tbl)
  local rows = pandoc.List()
  for _, r in ipairs(tbl.head.rows) do rows:insert(r) end
  for _, body in ipairs(tbl.bodies) do
    for _, r in ipairs(body.head) do rows:insert(r) end
    for _, r in ipairs(body.body) do rows:insert(r) end
  end
  for _, r in ipairs(tbl.foot.rows) do rows:insert(r) end
  for _, r in ipairs(rows) do
    for _, c in ipairs(r.cells) do
      local inl = flatten_blocks(c.contents)
      -- a pipe inside a code span would end the cell: escape it
      for k, x in ipairs(inl) do
        if x.t == "Code" then inl[k] = pandoc.Code((x.text:gsub("|", "\\|"))) end
      end
      c.contents = {pandoc.Plain(inl)}
      c.row_span = 1
      c.col_span = 1
    end
  end
  -- drop columns that are (nearly) empty in the body rows: icon columns
  -- whose images were removed
  local body_rows = pandoc.List()
  for _, body in ipairs(tbl.bodies) do
    for _, r in ipairs(body.body) do body_rows:insert(r) end
  end
  local ncol = #tbl.colspecs
  local keep = {}
  for i = 1, ncol do
    local filled = 0
    for _, r in ipairs(body_rows) do
      if r.cells[i] and not cell_empty(r.cells[i]) then filled = filled + 1 end
    end
    keep[i] = filled * 4 > #body_rows
  end
  local function filter_row(r)
    local cells = pandoc.List()
    for i, c in ipairs(r.cells) do if keep[i] then cells:insert(c) end end
    r.cells = cells
    return r
  end
  local specs = pandoc.List()
  for i, s in ipairs(tbl.colspecs) do if keep[i] then specs:insert({s[1], nil}) end end
  if #specs == 0 then return {} end
  tbl.colspecs = specs
  for _, r in ipairs(rows) do filter_row(r) end
  -- a pipe table needs a header row: promote the first body row if none
  if #tbl.head.rows == 0 and #tbl.bodies > 0 and #tbl.bodies[1].body > 0 then
    local first = table.remove(tbl.bodies[1].body, 1)
    tbl.head.rows = {first}
  end
  tbl.caption = {long = {}, short = nil}
  return tbl
end

function DefinitionList(dl)
  local items = pandoc.List()
  for _, it in ipairs(dl.content) do
    local term = pandoc.List(it[1])
    local blocks = pandoc.List()
    local first = true
    for _, def in ipairs(it[2]) do
      for _, b in ipairs(def) do
        if first and (b.t == "Para" or b.t == "Plain") then
          local inl = pandoc.List({pandoc.Strong(term), pandoc.Str(":"), pandoc.Space()})
          inl:extend(b.content)
          blocks:insert(pandoc.Para(inl))
        else
          if first then blocks:insert(pandoc.Para({pandoc.Strong(term)})) end
          blocks:insert(b)
        end
        first = false
      end
    end
    if first then blocks:insert(pandoc.Para({pandoc.Strong(term)})) end
    items:insert(blocks)
  end
  return pandoc.BulletList(items)
end

function CodeBlock(cb)
  -- the gfm writer indents class-less code blocks; emit a plain fence instead
  local fence = "```"
  while cb.text:find(fence, 1, true) do fence = fence .. "`" end
  local text = cb.text:gsub("%s+$", "")
  return pandoc.RawBlock("gfm", fence .. "\n" .. text .. "\n" .. fence)
end

function Header(h)
  h.attr = pandoc.Attr()
  return h
end

function Pandoc(doc)
  -- the opening chapter title is replaced by the page title; a later
  -- chapter title inside the same page becomes a second-level heading
  if #doc.blocks > 0 and doc.blocks[1].t == "Header" and doc.blocks[1].level == 1 then
    doc.blocks:remove(1)
  end
  -- (the sections after it move down one level)
  local extra = 0
  doc.blocks = doc.blocks:walk({Header = function(h)
    if h.level == 1 then
      h.level = 2
      extra = 1
    else
      h.level = h.level + extra
    end
    return h
  end})
  -- shift headings so that the shallowest remaining one is level 2
  local min = 9
  for _, b in ipairs(doc.blocks) do
    if b.t == "Header" and b.level < min then min = b.level end
  end
  if min < 9 then
    local shift = min - 2
    doc.blocks = doc.blocks:walk({Header = function(h)
      h.level = math.max(2, math.min(6, h.level - shift))
      return h
    end})
  end
  -- no heading may be more than one level deeper than the one before it
  local prev = 1
  doc.blocks = doc.blocks:walk({Header = function(h)
    if h.level > prev + 1 then h.level = prev + 1 end
    prev = h.level
    return h
  end})
  -- drop empty paragraphs left over after removing images
  doc.blocks = doc.blocks:walk({
    Para = function(p) if pandoc.utils.stringify(p):match("^%s*$") then return {} end end,
    Plain = function(p) if #p.content == 0 then return {} end end,
  })
  return doc
end

-- "icon ()" leftovers: remove the empty parentheses of a removed inline image
local function drop_empty_parens(inls0)
  -- merge adjacent Str elements first: "(" and ")" may have been split
  local inls = pandoc.List()
  for _, x in ipairs(inls0) do
    if x.t == "Str" and #inls > 0 and inls[#inls].t == "Str" then
      inls[#inls] = pandoc.Str(inls[#inls].text .. x.text)
    else
      inls:insert(x)
    end
  end
  local out = pandoc.List()
  for i, x in ipairs(inls) do
    if x.t == "Str" and x.text:sub(1, 2) == "()" and i > 1 and (inls[i - 1].t == "Space" or inls[i - 1].t == "SoftBreak") then
      local rest = x.text:sub(3)
      if rest == "" then
        if #out > 0 and (out[#out].t == "Space" or out[#out].t == "SoftBreak") then out:remove(#out) end
      else
        if #out > 0 and (out[#out].t == "Space" or out[#out].t == "SoftBreak") and rest:match("^[%p]") then out:remove(#out) end
        out:insert(pandoc.Str(rest))
      end
    else
      out:insert(x)
    end
  end
  return out
end

return {
  {Image = drop, RawBlock = drop, RawInline = drop,
   Link = function(l) return l.content end,
   Span = function(s) return s.content end,
   Superscript = function(s) return s.content end},
  {Div = function(d) return d.content end},
  {Inlines = drop_empty_parens},
  {Table = Table, DefinitionList = DefinitionList},
  {CodeBlock = CodeBlock, Header = Header},
  {Pandoc = Pandoc},
}
