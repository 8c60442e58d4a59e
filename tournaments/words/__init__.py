"""How things read everywhere: numbers and money, how a hand ended, players' names, cards,
variants and their options in words, spreadsheet cells. No database: pages, sheets, forms
and models' choices all take their words from here."""
