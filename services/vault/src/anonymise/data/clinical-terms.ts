/**
 * Words the name detector must not take for names unless a title, a kinship word or a label says
 * so: diseases, signs, scales and structures named after people, drugs sold under people's names,
 * clinical abbreviations that spell a name, and ordinary clinical words that are also names.
 * Folded (lower case, no accents), space-separated. Written by the vault's authors.
 */

/** Surnames of the people diseases, signs, scales, manoeuvres and structures are named after. */
export const EPONYMS = `
addison adie adams alport alzheimer andersen angelman apgar apley arnold asberg asperger austin
babinski baker ballard bankart barlow barre barrett barr barthel barton basedow beck becker
behcet bell bennett berger bethesda binet blatchford blumberg borg bowen braden breslow broca brown
brudzinski brugada budd buerger burkitt calmette calve capurro castleman chagas charcot cheyne
chiari child chopart churg clark coats colles conn conners corrigan courvoisier creutzfeldt crohn
cullen cushing dakin danlos dandy down dravet dressler dubin duchenne dupuytren durie ebstein ehlers
eisenmenger ellison epley epstein erb evans ewing fabry fallot fanconi feil felty finkelstein fisher
fitzpatrick flint folstein foley forrest fowler framingham frankel gaucher giemsa gilbert giordano
glasgow gleason goodpasture gram graves guerin guillain gustilo hamilton hansen harris hartmann
hashimoto hasford heimlich henoch hess hill hirschsprung hodgkin hoffmann holter homans horner
humpty hunt hunter huntington hurler jakob janeway johnson jones kaposi karnofsky kartagener katz
kawasaki kernig khorana kienbock killip klinefelter klippel koch korotkoff korsakoff kussmaul
lachman langerhans lasegue lawton legg lehane leishman lennox leriche lewy libman lisfranc lofgren
loffler lugol lund lyell lyme lynch maisonneuve mallampati mallory marfan marshall mayo mcburney
mcmurray meckel meniere merkel miller mobitz monteggia montgomery morquio morse murphy musset neer
niemann noonan norton ogilvie ortolani osgood osler paget pancoast papanicolaou papanicolau
parkinson parkland pauwels perthes peutz peyronie phalen pick pompe pott prader prinzmetal pugh
purkinje quervain quincke ramsay rankin ranson raynaud reiter rett richmond riker ringer rockall
romberg rovsing sabin sachs salk salter schatzker scheuermann schlatter schonlein schwann
sheehan silverman sjogren smith sokal spitz sprengel spurling stevens still stokes sturge takayasu
takotsubo tanner tietze tinel tourette traube trendelenburg troisier trousseau truelove turner
valsalva virchow von waldenstrom walker wallace waterlow weber wegener weiss wells wenckebach
wernicke west whipple white willebrand willi williams willis wilms wilson wolff wong zenker
zollinger zubrod
`;

/**
 * Nouns after which a person's name is an eponym, not a person ('doença de Wilson', 'sinal de
 * Murphy', 'escala de Braden'). Followed by 'de', 'do' or 'da' in the text.
 */
export const EPONYM_HEADS = `
acesso afasia alca anel anomalia area bacilo bloqueio bolsa bursite canal capsula celulas celula
cirurgia cisto classificacao coloracao complexo coreia corpusculos corpusculo criterio criterios
curva demencia divertículo diverticulo doenca ducto equacao escala escore esofago espaco estagio
fenomeno formula fratura ganglio glandula glandulas grau hernia ilhotas incisao indice inventario
lei ligamento linfoma linha mal manobra membrana metodo nodulo nodulos operacao paralisia plexo
poligono ponto posicao procedimento protocolo pulso reflexo regra respiracao sarcoma sinal sindrome
solucao sonda sopro tecnica teste tetralogia triade triangulo trompa tuba tumor ulcera vacina zona
`;

/**
 * Clinical words, abbreviations and drug brands that are also in the name lists. They never count
 * as a name by themselves (nor when a name learned elsewhere in the consultation is repeated); a
 * title, a kinship word, a label or a full name around them still makes them a name.
 */
export const CLINICAL_WORDS = `
alegria angelica  aurora ave avc bela branca branco calos campos canal careta
carmo casado celeste chagas clara corte costa costas crespo cruz curado dias diane dores
dor elani eva ferro firme flora franco graca gracas iam ira iris iumi jade jesus julho junior
leite lima lisa lobo longo luz magro marco mel natal neto neves novo paz pessoa parente penha pinto
prata preta rai ramos rosa sala santa santo santos seguro selene socorro sobrinho suave tamisa tea
tres vida yasmin yaz
`;

/** Words after which the next one names a drug, not a person ('uso de Yasmin', 'toma Diane'). */
export const DRUG_CUES = `
usa usando uso toma tomando tomou prescrevo prescrito prescrita iniciar iniciado iniciada manter
mantido suspender suspenso suspensa trocar associar associado medicacao medicamento remedio
anticoncepcional contraceptivo pilula
`;

/** Units after a number that make the word before it a drug ('Yasmin 3 mg'). */
export const DOSE_UNITS = `
mg mcg g ml ui gota gotas comprimido comprimidos cp cps capsula capsulas ampola ampolas
`;
