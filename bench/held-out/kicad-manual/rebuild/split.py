import json
import re, os, sys
# usage: split.py SRC_DIR OUT_DOCS_DIR  (SRC_DIR holds the pandoc intermediate .md files)
SRC_DIR, OUT_DIR = sys.argv[1], sys.argv[2]
GS='getting_started_in_kicad.md'; PM='kicad.md'; PC='pcbnew.md'
src={f:open(os.path.join(SRC_DIR,f),encoding='utf-8').read().replace('\u200b','').split('\n') for f in [GS,PM,PC,'gerbview.md','pcb_calculator.md']}

def find(f, head, after=0):
    L=src[f]; inc=False
    for i,l in enumerate(L):
        if l.startswith('```'): inc=not inc
        if i>=after and not inc and l==head: return i
    raise SystemExit(f'not found {f} {head!r}')

def rng(f, start, end=None):
    a=find(f,start)
    b=find(f,end,a+1) if end else len(src[f])
    return src[f][a:b]

P=[
 ('01-kicad-basics-and-workflow','KiCad Basics and the PCB Design Workflow',[(GS,'## Introduction to KiCad','## Tutorial Part 1: Project')]),
 ('02-tutorial-project-and-schematic-basics','Tutorial: Creating a Project and Placing Symbols',[(GS,'## Tutorial Part 1: Project','### Wiring the Schematic')]),
 ('03-tutorial-wiring-annotation-and-erc','Tutorial: Wiring, Annotation, Footprints and Electrical Rules Check',[(GS,'### Wiring the Schematic','## Tutorial Part 3: Circuit Board')]),
 ('04-tutorial-board-setup-and-placement','Tutorial: Board Setup, Outline and Footprint Placement',[(GS,'## Tutorial Part 3: Circuit Board','### Routing Tracks')]),
 ('05-tutorial-routing-zones-drc-and-fabrication','Tutorial: Routing, Copper Zones, DRC and Fabrication Outputs',[(GS,'### Routing Tracks','## Tutorial Part 4: Custom Symbols and Footprints')]),
 ('06-tutorial-libraries-and-custom-symbols','Tutorial: Libraries and Creating Custom Symbols',[(GS,'## Tutorial Part 4: Custom Symbols and Footprints','### Creating New Footprints')]),
 ('07-tutorial-custom-footprints-and-3d-models','Tutorial: Creating Custom Footprints and Linking 3D Models',[(GS,'### Creating New Footprints',None)]),
 ('08-kicad-files-installation-and-upgrading','KiCad Files, Folders, Installation and Upgrading',[(PM,'## Introduction','## Using KiCad project manager')]),
 ('09-project-manager-and-templates','Using the Project Manager and Project Templates',[(PM,'## Using KiCad project manager','## KiCad configuration'),(PM,'## Project templates','## Actions reference')]),
 ('10-kicad-preferences-paths-and-hotkeys','KiCad Preferences, Paths and Hotkeys',[(PM,'## KiCad configuration','## Project templates')]),
 ('11-pcb-editor-interface-and-navigation','PCB Editor Interface, Navigation and Hotkeys',[(PC,'## Introduction to Pcbnew','## Display and selection controls')]),
 ('12-board-layers-and-appearance-panel','Board Layers and the Appearance Panel',[(PC,'### Board layers','### Selection and the selection filter')]),
 ('13-selection-highlighting-and-display-controls','Selection, Net Highlighting, Cross-probing and Display Controls',[(PC,'### Selection and the selection filter','## Creating a PCB')]),
 ('14-creating-a-pcb','Creating a PCB',[(PC,'## Creating a PCB','### Board setup')]),
 ('15-board-setup','Board Setup: Stackup, Text Defaults and Design Rules',[(PC,'### Board setup','## Editing a board')]),
 ('16-placing-and-editing-objects','Placing, Drawing and Editing Objects',[(PC,'## Editing a board','### Working with pads'),(PC,'### Forward and back annotation','## Inspecting a board')]),
 ('17-working-with-pads','Working with Pads',[(PC,'### Working with pads','### Working with zones')]),
 ('18-working-with-zones','Working with Zones',[(PC,'### Working with zones','### Graphical objects')]),
 ('19-graphics-text-and-dimensions','Graphical Objects, Text and Dimensions',[(PC,'### Graphical objects','### Routing tracks')]),
 ('20-routing-tracks-and-vias','Routing Tracks and Placing Vias',[(PC,'### Routing tracks','#### Routing differential pairs')]),
 ('21-differential-pairs-track-editing-and-length-tuning','Differential Pairs, Modifying Tracks, Length Tuning and Router Settings',[(PC,'#### Routing differential pairs','### Forward and back annotation')]),
 ('22-measurement-drc-find-and-net-inspector','Inspecting a Board: Measurement, Design Rule Checking, Find and Net Inspector',[(PC,'## Inspecting a board','### 3D Viewer'),(PC,'### Net inspector','## Generating outputs')]),
 ('23-3d-viewer','3D Viewer',[(PC,'### 3D Viewer','### Net inspector')]),
 ('24-fabrication-outputs-and-plotting','Fabrication Outputs and Plotting',[(PC,'## Generating outputs','### Drill files')]),
 ('25-drill-and-component-placement-files','Drill Files and Component Placement Files',[(PC,'### Drill files','### Printing')]),
 ('26-printing-and-exporting','Printing and Exporting Files',[(PC,'### Printing','## Footprints and footprint libraries')]),
 ('27-footprint-libraries','Footprints and Footprint Libraries',[(PC,'## Footprints and footprint libraries','## Advanced topics')]),
 ('28-pcb-editor-preferences','PCB Editor Configuration and Customization',[(PC,'## Advanced topics','### Custom design rules')]),
 ('29-custom-design-rules-syntax','Custom Design Rules: Editor and Syntax',[(PC,'### Custom design rules','#### Object property and function reference')]),
 ('30-custom-rule-properties-and-examples','Custom Design Rules: Object Properties, Functions and Examples',[(PC,'#### Object property and function reference','### Scripting')]),
 ('31-scripting-and-plugins','Scripting and Action Plugins',[(PC,'### Scripting','### Working With IDF Component Outlines')]),
 ('32-idf-component-outlines','Working With IDF Component Outlines',[(PC,'### Working With IDF Component Outlines','## Actions reference')]),
 ('33-gerber-viewer','GerbView: Viewing Gerber and Drill Files',[('gerbview.md','## Introduction to GerbView',None)]),
 ('34-pcb-calculator','PCB Calculator',[('pcb_calculator.md','## Introduction',None)]),
]

def is_head(l):
    m=re.match(r'^(#{1,6}) (.*)$',l); return m

def clean(lines):
    # drop TODO notes
    out=[l for l in lines if not l.strip().startswith('> **Note:** TODO') and l.strip()!='> **Note:** Mention net ties here']
    # drop empty sections repeatedly
    changed=True
    while changed:
        changed=False
        inc=False; heads=[]
        for i,l in enumerate(out):
            if l.startswith('```'): inc=not inc
            if not inc and is_head(l): heads.append(i)
        for i in heads:
            lvl=len(is_head(out[i]).group(1))
            j=i+1
            while j<len(out) and out[j].strip()=='' : j+=1
            if j==len(out) or (is_head(out[j]) and len(is_head(out[j]).group(1))<=lvl):
                del out[i]; changed=True; break
    return out

def compact_tables(lines):
    out=[]; inc=False
    for l in lines:
        if l.startswith('```'): inc=not inc
        if not inc:
            # leftovers of removed inline icon images
            l=re.sub(r' \(\)(?=[ .,;:])','',l)
            l=l.replace('(), ','(').replace('(, ','(').replace(' ()','')
            l=re.sub(r'(?<=[\w*])  *(?=[,.;:)](\s|$))','',l)
            l=re.sub(r'^-  +(?=\S)','-   ',l)
        if not inc and l.startswith('|') and l.rstrip().endswith('|'):
            if '-' in l and re.fullmatch(r'\|[-:| ]+\|', l.strip()):
                n=l.strip().count('|')-1
                l='|'+'|'.join(['---']*n)+'|'
            elif l.replace('|','').strip()=='':
                l='|'+'|'.join(['   ']*(l.count('|')-1))+'|'
            else:
                l=re.sub(r' {2,}\|',' |',l.rstrip())
        out.append(l)
    return out

os.makedirs(OUT_DIR,exist_ok=True)
for fn,title,ranges in P:
    lines=[]
    for r in ranges:
        lines+=rng(*r)+['']
    lines=clean(lines)
    inc=False; hl=[]
    for i,l in enumerate(lines):
        if l.startswith('```'): inc=not inc
        if not inc and is_head(l): hl.append((i,len(is_head(l).group(1))))
    mn=min(h[1] for h in hl)
    if hl[0][1]>mn:
        d=hl[0][1]-mn
        firstmin=[h[0] for h in hl if h[1]==mn][0]
        for i,lv in hl:
            if i<firstmin:
                lines[i]=lines[i][d:]
        hl=[(i,lv-d if i<firstmin else lv) for i,lv in hl]
    top=[h for h in hl if h[1]==mn]
    if len(top)==1 and top[0][0]==0:
        shift=mn-1; add=False
    else:
        shift=mn-2; add=True
    inc=False
    for i,l in enumerate(lines):
        if l.startswith('```'): inc=not inc
        m=None if inc else is_head(l)
        if m: lines[i]='#'*(len(m.group(1))-shift)+' '+m.group(2)
    if not add:
        lines[0]='# '+title
    else:
        lines=['# '+title,'']+lines
    lines=compact_tables(lines)
    lines=[('| `\\|\\|` | Or |' if l=='| `||` | Or |' else l) for l in lines]
    txt='\n'.join(lines)
    txt=re.sub(r'\n{3,}','\n\n',txt).strip()+'\n'
    open(os.path.join(OUT_DIR,fn+'.md'),'w',encoding='utf-8').write('---\ntitle: '+json.dumps(title)+'\n---\n\n'+txt)
