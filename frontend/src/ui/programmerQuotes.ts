/**
 * Quotes about programming shown under the loading spinner, each with the person who said or
 * wrote it (and the work, where it is well known). Only widely sourced, correctly attributed
 * quotes belong here; when in doubt about who said something, leave it out.
 */

export interface ProgrammerQuote {
  text: string;
  author: string;
  /** The book, paper or talk, when well known. */
  source?: string;
}

const q = (text: string, author: string, source?: string): ProgrammerQuote => (source ? { text, author, source } : { text, author });

export const PROGRAMMER_QUOTES: readonly ProgrammerQuote[] = [
  // Donald Knuth
  q('Premature optimization is the root of all evil.', 'Donald Knuth', 'Structured Programming with go to Statements'),
  q('Beware of bugs in the above code; I have only proved it correct, not tried it.', 'Donald Knuth'),
  q('Science is what we understand well enough to explain to a computer. Art is everything else we do.', 'Donald Knuth'),
  q(
    'Instead of imagining that our main task is to instruct a computer what to do, let us concentrate rather on explaining to human beings what we want a computer to do.',
    'Donald Knuth',
    'Literate Programming',
  ),
  q('An algorithm must be seen to be believed.', 'Donald Knuth', 'The Art of Computer Programming'),
  q(
    'The real problem is that programmers have spent far too much time worrying about efficiency in the wrong places and at the wrong times.',
    'Donald Knuth',
    'Computer Programming as an Art',
  ),
  // Edsger W. Dijkstra
  q('Simplicity is prerequisite for reliability.', 'Edsger W. Dijkstra'),
  q('Program testing can be used to show the presence of bugs, but never to show their absence!', 'Edsger W. Dijkstra', 'Notes on Structured Programming'),
  q(
    'The question of whether a computer can think is no more interesting than the question of whether a submarine can swim.',
    'Edsger W. Dijkstra',
  ),
  q(
    'The competent programmer is fully aware of the strictly limited size of his own skull; therefore he approaches the programming task in full humility.',
    'Edsger W. Dijkstra',
    'The Humble Programmer',
  ),
  q(
    'If you want more effective programmers, you will discover that they should not waste their time debugging, they should not introduce the bugs to start with.',
    'Edsger W. Dijkstra',
    'The Humble Programmer',
  ),
  q(
    'If we wish to count lines of code, we should not regard them as "lines produced" but as "lines spent".',
    'Edsger W. Dijkstra',
  ),
  // Tony Hoare
  q(
    'There are two ways of constructing a software design: One way is to make it so simple that there are obviously no deficiencies, and the other way is to make it so complicated that there are no obvious deficiencies.',
    'C. A. R. Hoare',
    'The Emperor’s Old Clothes',
  ),
  q('I call it my billion-dollar mistake. It was the invention of the null reference in 1965.', 'C. A. R. Hoare'),
  // Alan Perlis, Epigrams on Programming
  q('A language that doesn’t affect the way you think about programming is not worth knowing.', 'Alan Perlis', 'Epigrams on Programming'),
  q('Simplicity does not precede complexity, but follows it.', 'Alan Perlis', 'Epigrams on Programming'),
  q('Syntactic sugar causes cancer of the semicolon.', 'Alan Perlis', 'Epigrams on Programming'),
  q('There are two ways to write error-free programs; only the third one works.', 'Alan Perlis', 'Epigrams on Programming'),
  q('It is easier to write an incorrect program than understand a correct one.', 'Alan Perlis', 'Epigrams on Programming'),
  q('Optimization hinders evolution.', 'Alan Perlis', 'Epigrams on Programming'),
  q('Beware of the Turing tar-pit in which everything is possible but nothing of interest is easy.', 'Alan Perlis', 'Epigrams on Programming'),
  q('If you have a procedure with ten parameters, you probably missed some.', 'Alan Perlis', 'Epigrams on Programming'),
  q('Every program is a part of some other program and rarely fits.', 'Alan Perlis', 'Epigrams on Programming'),
  q('LISP programmers know the value of everything and the cost of nothing.', 'Alan Perlis', 'Epigrams on Programming'),
  q('One man’s constant is another man’s variable.', 'Alan Perlis', 'Epigrams on Programming'),
  // Fred Brooks
  q('Adding manpower to a late software project makes it later.', 'Fred Brooks', 'The Mythical Man-Month'),
  q('Plan to throw one away; you will, anyhow.', 'Fred Brooks', 'The Mythical Man-Month'),
  q('The bearing of a child takes nine months, no matter how many women are assigned.', 'Fred Brooks', 'The Mythical Man-Month'),
  q(
    'Show me your flowcharts and conceal your tables, and I shall continue to be mystified. Show me your tables, and I won’t usually need your flowcharts; they’ll be obvious.',
    'Fred Brooks',
    'The Mythical Man-Month',
  ),
  // Kernighan, Ritchie, Thompson, Pike and Unix friends
  q(
    'Debugging is twice as hard as writing the code in the first place. Therefore, if you write the code as cleverly as possible, you are, by definition, not smart enough to debug it.',
    'Brian W. Kernighan',
  ),
  q('Controlling complexity is the essence of computer programming.', 'Brian W. Kernighan', 'Software Tools'),
  q(
    'The most effective debugging tool is still careful thought, coupled with judiciously placed print statements.',
    'Brian W. Kernighan',
    'Unix for Beginners',
  ),
  q('Don’t comment bad code—rewrite it.', 'Brian W. Kernighan and P. J. Plauger', 'The Elements of Programming Style'),
  q('Make it right before you make it faster.', 'Brian W. Kernighan and P. J. Plauger', 'The Elements of Programming Style'),
  q('The only way to learn a new programming language is by writing programs in it.', 'Brian W. Kernighan and Dennis M. Ritchie', 'The C Programming Language'),
  q('UNIX is basically a simple operating system, but you have to be a genius to understand the simplicity.', 'Dennis M. Ritchie'),
  q('C is quirky, flawed, and an enormous success.', 'Dennis M. Ritchie', 'The Development of the C Language'),
  q('When in doubt, use brute force.', 'Ken Thompson'),
  q('One of my most productive days was throwing away 1,000 lines of code.', 'Ken Thompson'),
  q(
    'Data dominates. If you’ve chosen the right data structures and organized things well, the algorithms will almost always be self-evident.',
    'Rob Pike',
    'Notes on Programming in C',
  ),
  q('Fancy algorithms are slow when n is small, and n is usually small.', 'Rob Pike', 'Notes on Programming in C'),
  q('Clear is better than clever.', 'Rob Pike', 'Go Proverbs'),
  q('A little copying is better than a little dependency.', 'Rob Pike', 'Go Proverbs'),
  q('Don’t communicate by sharing memory, share memory by communicating.', 'Rob Pike', 'Go Proverbs'),
  q('Errors are values.', 'Rob Pike'),
  q('Make each program do one thing well.', 'Doug McIlroy'),
  q('Those who don’t understand Unix are condemned to reinvent it, poorly.', 'Henry Spencer'),
  q('To iterate is human, to recurse divine.', 'L. Peter Deutsch'),
  q('All problems in computer science can be solved by another level of indirection.', 'David Wheeler'),
  q('There are only two hard things in Computer Science: cache invalidation and naming things.', 'Phil Karlton'),
  // Linus Torvalds and Eric S. Raymond
  q('Talk is cheap. Show me the code.', 'Linus Torvalds'),
  q('Bad programmers worry about the code. Good programmers worry about data structures and their relationships.', 'Linus Torvalds'),
  q(
    'Most good programmers do programming not because they expect to get paid or get adulation by the public, but because it is fun to program.',
    'Linus Torvalds',
  ),
  q('Given enough eyeballs, all bugs are shallow.', 'Eric S. Raymond', 'The Cathedral and the Bazaar'),
  q('Smart data structures and dumb code works a lot better than the other way around.', 'Eric S. Raymond', 'The Cathedral and the Bazaar'),
  q('Good programmers know what to write. Great ones know what to rewrite (and reuse).', 'Eric S. Raymond', 'The Cathedral and the Bazaar'),
  q('Every good work of software starts by scratching a developer’s personal itch.', 'Eric S. Raymond', 'The Cathedral and the Bazaar'),
  q('Release early. Release often. And listen to your customers.', 'Eric S. Raymond', 'The Cathedral and the Bazaar'),
  // Alan Kay
  q('The best way to predict the future is to invent it.', 'Alan Kay'),
  q('Simple things should be simple, complex things should be possible.', 'Alan Kay'),
  q('People who are really serious about software should make their own hardware.', 'Alan Kay'),
  q('I invented the term object-oriented, and I can tell you I did not have C++ in mind.', 'Alan Kay', 'OOPSLA 1997 keynote'),
  q('Point of view is worth 80 IQ points.', 'Alan Kay'),
  // Craft and design
  q(
    'Programs must be written for people to read, and only incidentally for machines to execute.',
    'Harold Abelson and Gerald Jay Sussman',
    'Structure and Interpretation of Computer Programs',
  ),
  q('Any fool can write code that a computer can understand. Good programmers write code that humans can understand.', 'Martin Fowler', 'Refactoring'),
  q('Make it work, make it right, make it fast.', 'Kent Beck'),
  q('I’m not a great programmer; I’m just a good programmer with great habits.', 'Kent Beck'),
  q('Optimism is an occupational hazard of programming: feedback is the treatment.', 'Kent Beck', 'Extreme Programming Explained'),
  q('Clean code always looks like it was written by someone who cares.', 'Michael Feathers'),
  q('To me, legacy code is simply code without tests.', 'Michael Feathers', 'Working Effectively with Legacy Code'),
  q('Truth can only be found in one place: the code.', 'Robert C. Martin', 'Clean Code'),
  q('The only way to go fast, is to go well.', 'Robert C. Martin'),
  q('Duplication is far cheaper than the wrong abstraction.', 'Sandi Metz'),
  q('Code never lies, comments sometimes do.', 'Ron Jeffries'),
  q('Always implement things when you actually need them, never when you just foresee that you need them.', 'Ron Jeffries'),
  q(
    'Every piece of knowledge must have a single, unambiguous, authoritative representation within a system.',
    'Andy Hunt and Dave Thomas',
    'The Pragmatic Programmer',
  ),
  q('Don’t live with broken windows.', 'Andy Hunt and Dave Thomas', 'The Pragmatic Programmer'),
  q('Test your software, or your users will.', 'Andy Hunt and Dave Thomas', 'The Pragmatic Programmer'),
  q('Good code is its own best documentation.', 'Steve McConnell', 'Code Complete'),
  q('Managing complexity is the most important technical topic in software development.', 'Steve McConnell', 'Code Complete'),
  q('The greatest performance improvement of all is when a system goes from not-working to working.', 'John Ousterhout'),
  q('All non-trivial abstractions, to some degree, are leaky.', 'Joel Spolsky', 'The Law of Leaky Abstractions'),
  q('It’s harder to read code than to write it.', 'Joel Spolsky', 'Things You Should Never Do'),
  q('Programming is not about typing, it’s about thinking.', 'Rich Hickey'),
  q('Programmers know the benefits of everything and the tradeoffs of nothing.', 'Rich Hickey'),
  q('The function of good software is to make the complex appear to be simple.', 'Grady Booch'),
  q('Before software can be reusable it first has to be usable.', 'Ralph Johnson'),
  q('Code is like humor. When you have to explain it, it’s bad.', 'Cory House'),
  q('Documentation is a love letter that you write to your future self.', 'Damian Conway'),
  q('The best error message is the one that never shows up.', 'Thomas Fuchs'),
  q(
    'The code you write makes you a programmer. The code you delete makes you a good one. The code you don’t have to write makes you a great one.',
    'Mario Fusco',
  ),
  q('Write tests. Not too many. Mostly integration.', 'Guillermo Rauch'),
  q('Worse is better.', 'Richard P. Gabriel'),
  q('The key to performance is elegance, not battalions of special cases.', 'Jon Bentley and Doug McIlroy', 'Engineering a Sort Function'),
  // Languages
  q('There are only two kinds of languages: the ones people complain about and the ones nobody uses.', 'Bjarne Stroustrup'),
  q('C makes it easy to shoot yourself in the foot; C++ makes it harder, but when you do it blows your whole leg off.', 'Bjarne Stroustrup'),
  q('Beautiful is better than ugly.', 'Tim Peters', 'The Zen of Python'),
  q('Errors should never pass silently. Unless explicitly silenced.', 'Tim Peters', 'The Zen of Python'),
  q('If the implementation is hard to explain, it’s a bad idea.', 'Tim Peters', 'The Zen of Python'),
  q('Namespaces are one honking great idea -- let’s do more of those!', 'Tim Peters', 'The Zen of Python'),
  q('Any application that can be written in JavaScript, will eventually be written in JavaScript.', 'Jeff Atwood'),
  q('Java is to JavaScript what car is to carpet.', 'Chris Heilmann'),
  q(
    'Some people, when confronted with a problem, think "I know, I’ll use regular expressions." Now they have two problems.',
    'Jamie Zawinski',
  ),
  q('Every program attempts to expand until it can read mail.', 'Jamie Zawinski'),
  q(
    'Should array indices start at 0 or 1? My compromise of 0.5 was rejected without, I thought, proper consideration.',
    'Stan Kelly-Bootle',
  ),
  // Laws of software projects
  q('It always takes longer than you expect, even when you take into account Hofstadter’s Law.', 'Douglas Hofstadter', 'Gödel, Escher, Bach'),
  q(
    'Any organization that designs a system will produce a design whose structure is a copy of the organization’s communication structure.',
    'Melvin E. Conway',
  ),
  q(
    'The first 90 percent of the code accounts for the first 90 percent of the development time. The remaining 10 percent of the code accounts for the other 90 percent of the development time.',
    'Tom Cargill',
  ),
  q('Software is getting slower more rapidly than hardware becomes faster.', 'Niklaus Wirth', 'A Plea for Lean Software'),
  q('Walking on water and developing software from a specification are easy if both are frozen.', 'Edward V. Berard'),
  q('Software and cathedrals are much the same – first we build them, then we pray.', 'Sam Redwine'),
  q('The cheapest, fastest, and most reliable components are those that aren’t there.', 'Gordon Bell'),
  q(
    'Programming today is a race between software engineers striving to build bigger and better idiot-proof programs, and the Universe trying to produce bigger and better idiots. So far, the Universe is winning.',
    'Rick Cook',
    'The Wizardry Compiled',
  ),
  q('Working software is the primary measure of progress.', 'Manifesto for Agile Software Development'),
  q('Simplicity—the art of maximizing the amount of work not done—is essential.', 'Manifesto for Agile Software Development'),
  // Pioneers
  q('The most damaging phrase in the language is: "We’ve always done it this way."', 'Grace Hopper'),
  q('It’s easier to ask forgiveness than it is to get permission.', 'Grace Hopper'),
  q('The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves.', 'Ada Lovelace', 'Notes on the Analytical Engine'),
  q('We can only see a short distance ahead, but we can see plenty there that needs to be done.', 'Alan Turing', 'Computing Machinery and Intelligence'),
  q('Machines take me by surprise with great frequency.', 'Alan Turing', 'Computing Machinery and Intelligence'),
  q('I propose to consider the question, "Can machines think?"', 'Alan Turing', 'Computing Machinery and Intelligence'),
  q('The purpose of computing is insight, not numbers.', 'Richard Hamming', 'Numerical Methods for Scientists and Engineers'),
  q('The trouble with programmers is that you can never tell what a programmer is doing until it’s too late.', 'Seymour Cray'),
  q('If you were plowing a field, which would you rather use: two strong oxen or 1024 chickens?', 'Seymour Cray'),
  q('Any sufficiently advanced technology is indistinguishable from magic.', 'Arthur C. Clarke', 'Profiles of the Future'),
  q('The computer programmer is a creator of universes for which he alone is the lawgiver.', 'Joseph Weizenbaum', 'Computer Power and Human Reason'),
  // AI and the industry
  q(
    'The question is not whether intelligent machines can have any emotions, but whether machines can be intelligent without any emotions.',
    'Marvin Minsky',
    'The Society of Mind',
  ),
  q('AI is the new electricity.', 'Andrew Ng'),
  q('The hottest new programming language is English.', 'Andrej Karpathy'),
  q('Software is eating the world.', 'Marc Andreessen'),
  q('If you are not embarrassed by the first version of your product, you’ve launched too late.', 'Reid Hoffman'),
  q('Make something people want.', 'Paul Graham'),
  q('Real artists ship.', 'Steve Jobs'),
  q('Everybody in this country should learn to program a computer, because it teaches you how to think.', 'Steve Jobs'),
  q('The best minds of my generation are thinking about how to make people click ads.', 'Jeff Hammerbacher'),
];

/**
 * The quote for a key (e.g. a component's React id): the same key always gives the same quote,
 * so server and browser agree; different keys spread over the whole list.
 */
export const quoteFor = (key: string): ProgrammerQuote =>
  PROGRAMMER_QUOTES[[...key].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7) % PROGRAMMER_QUOTES.length]!;
